import { data, type RouterContextProvider } from "react-router";
import { whatsAppShareHref } from "../domain/customer-copy.ts";
import { customerCopyLines, customerCopyText } from "./customer-copy.ts";
import { customerMessageOf } from "./customer-message.ts";
import { formatDateTime } from "../domain/dates.ts";
import { groupToken } from "../domain/token.ts";
import { tokenFromDescription, type TransactionRecord } from "../domain/transactions.ts";
import { getLocale } from "../i18n/paraglide/runtime.js";
import { env } from "../infra/env.server.ts";
import { forSignedInPage } from "../session/auth.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { getTransaction } from "../upstream/dashboard.server.ts";

// One transaction as its receipt and its customer copy show it (call 37), for the two routes.

type Context = Readonly<RouterContextProvider>;

/** The signed-in person's transaction `transId`; someone else's id and an unknown one are both "not found". */
export async function receiptTransaction(context: Context, transId: string): Promise<TransactionRecord> {
  const { caller } = signedIn(context);
  if (!/^\d{1,12}$/.test(transId)) throw data({ reason: "not-found" }, { status: 404 });
  const transaction = await forSignedInPage(context, getTransaction(caller, Number(transId)));
  if (!transaction) throw data({ reason: "not-found" }, { status: 404 });
  return transaction;
}

/**
 * The customer copy (decision 044): its lines, its share link, and the token to copy, grouped in
 * fours; in the request's language, the seller's, as the page it is shared from.
 */
export function customerCopyOf(transaction: TransactionRecord) {
  const lines = customerCopyLines(transaction, formatDateTime(transaction.createdAt, getLocale()));
  return {
    lines,
    whatsApp: whatsAppShareHref(customerCopyText(env().PRODUCT_NAME, lines)),
    token: transaction.meterNo ? groupToken(tokenFromDescription(transaction.description)) : "",
    // Decision 086: to the customer's own number, where the purchase has one.
    send: customerMessageOf(transaction, env().PRODUCT_NAME),
  };
}
