import { transactionStatus } from "./labels.ts";

// Re-check status (decision 033): what the person is told after asking the upstream about a
// pending purchase again. No older screen had it; the words are ours, in the
// reader's language (app/history/words.ts, decision 059).

/** "Still pending with the provider…", and a status's word ("Confirmed"), in the reader's language. */
export type RecheckWords = { stillPending: string; statusLabel: (status: number) => string };

/** The message for the transaction as it stands now, and whether it is still pending. */
export function recheckMessage(
  row: { status: number; description: string; response: string },
  words: RecheckWords,
): {
  message: string;
  pending: boolean;
} {
  const status = transactionStatus(row.status)?.label;
  if (status === undefined || status === "Pending") return { message: words.stillPending, pending: true };
  const label = words.statusLabel(row.status);
  const response = row.response.trim();
  const said = (status === "Confirmed" || response === "" ? row.description : response).trim();
  return { message: said === "" ? `${label}.` : `${label}: ${said}`, pending: false };
}
