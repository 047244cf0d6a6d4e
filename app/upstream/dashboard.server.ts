import { callUpstream } from "./client.server.ts";
import { inPortalNames, UpstreamError } from "./errors.ts";
import { bankListSchema, messageSchema, settingsSchema, transactionListSchema } from "./schemas.ts";
import type { Caller } from "../infra/context.ts";

// Calls 8 (webhook), 11 to 14, 16, 36, 37 and 40: the signed-in pages other
// than purchases and funding. Each takes the request id for the logs and the session token.

/** Call 16. */
export function getSettings({ requestId, token }: Caller) {
  return callUpstream({ method: "GET", path: "/v1/get-settings/", schema: settingsSchema, requestId, token });
}

/** Call 36: newest first. */
export function getTransactions({ requestId, token }: Caller) {
  return callUpstream({
    method: "GET",
    path: "/v1/get-transactions/",
    schema: transactionListSchema,
    requestId,
    token,
  });
}

/** Call 37: the caller's transaction with this id, or null (an empty list or a 404). */
export async function getTransaction({ requestId, token }: Caller, id: number) {
  const path = `/v1/get-transactions/${encodeURIComponent(String(id))}`;
  try {
    const rows = await callUpstream({ method: "GET", path, schema: transactionListSchema, requestId, token });
    return rows[0] ?? null;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** Call 40: bank names for the bank-details form. */
export async function getBankList({ requestId, token }: Caller) {
  const result = await callUpstream({
    method: "GET",
    path: "/v1/get-bank-list/",
    schema: bankListSchema,
    requestId,
    token,
  });
  return result.data.map((bank) => bank.name);
}

/** Call 11. */
export function changePassword(
  caller: Caller,
  form: { oldPassword: string; newPassword: string; confirmPassword: string },
) {
  return callUpstream({
    method: "PUT",
    path: "/v1/change-password/",
    schema: messageSchema,
    ...caller,
    body: { old_password: form.oldPassword, password: form.newPassword, password2: form.confirmPassword },
  });
}

export type BankDetails = { accountName: string; accountNumber: string; bankName: string };

const BANK_DETAILS_FIELDS = {
  account_name: "accountName",
  account_number: "accountNumber",
  bank_name: "bankName",
} as const satisfies Record<string, keyof BankDetails>;

/** Call 12; a refusal names the fields as BankDetails does. */
export function updateBankDetails(caller: Caller, form: BankDetails) {
  const call = callUpstream({
    method: "PUT",
    path: "/v1/update-bank-details/",
    schema: messageSchema,
    ...caller,
    body: { account_name: form.accountName, account_number: form.accountNumber, bank_name: form.bankName },
  });
  return inPortalNames(call, BANK_DETAILS_FIELDS);
}

/** Call 8, the webhook form; a refusal of the URL is under `webhookUrl`. */
export function updateWebhook(caller: Caller, webhookUrl: string) {
  const call = callUpstream({
    method: "PUT",
    path: "/v1/user/update-profile/",
    schema: messageSchema,
    ...caller,
    body: { profile: { webhook_url: webhookUrl } },
  });
  return inPortalNames(call, { webhook_url: "webhookUrl" });
}

/** Call 13. `dob` is "YYYY-MM-DD". */
export function updateBvn(caller: Caller, form: { bvn: string; name: string; dob: string; phone: string }) {
  return callUpstream({ method: "POST", path: "/v1/update-bvn/", schema: messageSchema, ...caller, body: form });
}

/** Call 14. */
export function updateNin(caller: Caller, nin: string) {
  return callUpstream({ method: "POST", path: "/v1/update-nin/", schema: messageSchema, ...caller, body: { nin } });
}
