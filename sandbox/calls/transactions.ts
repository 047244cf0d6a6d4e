import { authenticated } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { json, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { settleDuePurchases } from "../purchases/settlement.ts";
import { findTransaction, listTransactions } from "../money/transactions.ts";
import { toWireTransaction } from "../http/wire.ts";

const idPattern = /^[1-9]\d{0,15}$/;

// Both reads settle the caller's due purchases first (purchases/settlement.ts), so a list or receipt
// never shows as pending what the biller has by now delivered.

export const transactionRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-transactions/",
    handle: authenticated((context, { user }) => {
      settleDuePurchases(context.db, isoTime(context), user.id);
      return json(listTransactions(context.db, user.id).map(toWireTransaction));
    }),
  },
  {
    // Call 37 (docs/upstream-api.md): no trailing slash, and trans_id is the transaction's id.
    method: "GET",
    path: "/v1/get-transactions/:trans_id",
    handle: authenticated((context, { user }, params) => {
      settleDuePurchases(context.db, isoTime(context), user.id);
      const text = params["trans_id"] ?? "";
      const found = idPattern.test(text) ? findTransaction(context.db, user.id, Number(text)) : undefined;
      // One answer for a malformed id, an unknown one and someone else's, so the status
      // never tells a caller that another user's transaction exists.
      return found === undefined ? statusMessage(404, "Transaction not found.") : json([toWireTransaction(found)]);
    }),
  },
];
