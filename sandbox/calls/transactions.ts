import { authenticated } from "../auth.ts";
import type { SandboxContext } from "../context.ts";
import { json, statusMessage } from "../responses.ts";
import type { Route } from "../router.ts";
import { findTransaction, listTransactions } from "../transactions.ts";
import { toWireTransaction } from "../wire.ts";

const idPattern = /^[1-9]\d{0,15}$/;

export const transactionRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-transactions/",
    handle: authenticated(({ db }, { user }) => json(listTransactions(db, user.id).map(toWireTransaction))),
  },
  {
    // CONTRACT.md #37: no trailing slash, and trans_id is the transaction's id.
    method: "GET",
    path: "/v1/get-transactions/{trans_id}",
    handle: authenticated(({ db }, { user }, params) => {
      const text = params["trans_id"] ?? "";
      const found = idPattern.test(text) ? findTransaction(db, user.id, Number(text)) : undefined;
      // One answer for a malformed id, an unknown one and someone else's, so the status
      // never tells a caller that another user's transaction exists.
      return found === undefined
        ? statusMessage(404, "Transaction not found.")
        : json([toWireTransaction(found)]);
    }),
  },
];
