import { authenticated } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { reserveAccount, toReservedProvider } from "../money/reserved-accounts.ts";
import { json, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";

export const onlySterlingAndWemaMessage = "Only Sterling and Wema accounts are offered.";
export const kycNeededMessage = "Please add your BVN or NIN on your profile before creating a reserved account.";

// Call 44, a GET that creates, as the upstream has it; creating twice is harmless because a
// user's account at a bank is returned again, never replaced.
export const reservedAccountRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/generate-reserved-account/:provider",
    handle: authenticated((context, { user }, params) => {
      const provider = toReservedProvider(params["provider"] ?? "");
      if (provider === undefined) {
        return statusMessage(400, onlySterlingAndWemaMessage);
      }
      // A bank opens a named account only for a verified identity (CBN's KYC rules).
      if (user.bvn === null && user.nin === null) {
        return statusMessage(400, kycNeededMessage);
      }
      const account = reserveAccount(context.db, user, provider, isoTime(context));
      return json({
        status: 200,
        message: "Account created successfully.",
        data: { accountName: account.accountName, accountNumber: account.accountNumber, bankName: account.bankName },
      });
    }),
  },
];
