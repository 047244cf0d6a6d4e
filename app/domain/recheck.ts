import { transactionStatus } from "./labels.ts";

// Re-check status (issue 14): what the person is told after asking the upstream about a
// pending purchase again. SPEC.md is silent; the words are ours (decision 033).

export const STILL_PENDING = "Still pending with the provider. Check again in a few minutes.";
export const RECHECK_NOT_FOUND = "We could not find that transaction.";

/** The message for the transaction as it stands now, and whether it is still pending. */
export function recheckMessage(row: { status: number; description: string; response: string }): {
  message: string;
  pending: boolean;
} {
  const label = transactionStatus(row.status)?.label;
  if (label === undefined || label === "Pending") return { message: STILL_PENDING, pending: true };
  const response = row.response.trim();
  const said = (label === "Confirmed" || response === "" ? row.description : response).trim();
  return { message: said === "" ? `${label}.` : `${label}: ${said}`, pending: false };
}
