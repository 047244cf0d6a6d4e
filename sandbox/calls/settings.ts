import { authenticated } from "../accounts/auth.ts";
import { banks } from "../money/banks.ts";
import type { SandboxContext } from "../http/context.ts";
import { json } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { textColumn } from "../store/rows.ts";

export const settingsRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-settings/",
    handle: authenticated(({ db }) => {
      const row = db.prepare("SELECT notification, reserved_account_instruction FROM settings WHERE id = 1").get();
      if (row === undefined) {
        throw new Error("The settings row is missing; the seed did not run.");
      }
      return json({
        notification: textColumn(row, "notification"),
        reserved_account_instruction: textColumn(row, "reserved_account_instruction"),
      });
    }),
  },
  {
    method: "GET",
    path: "/v1/get-bank-list/",
    handle: authenticated(() => json({ data: banks.map((bank) => ({ name: bank.name, code: bank.code })) })),
  },
];
