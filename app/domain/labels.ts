import type { HistoryProduct } from "./buy-again.ts";
import { PRODUCT_KEYS } from "./products.ts";
import type { TransactionRecord } from "./transactions.ts";

// Names for the numeric codes the upstream sends (docs/upstream-api.md: User, Transaction), and the products a
// history row is told to be (app/domain/buy-again.ts). A status's label is its English
// name, what code compares; app/history/words.ts says it in the reader's language (decision 059).
// Account levels are names, shown as they are in every language.

export type UserLevelLabel = "Normal" | "Agent" | "Reseller" | "API";

const USER_LEVELS: readonly UserLevelLabel[] = ["Normal", "Agent", "Reseller", "API"];

/** Null for an absent or unknown level: the portal then shows no label (docs/upstream-api.md, User). */
export function userLevelLabel(level: number | null | undefined): UserLevelLabel | null {
  if (typeof level !== "number" || !Number.isInteger(level)) return null;
  return USER_LEVELS[level] ?? null;
}

export type StatusTone = "warning" | "success" | "danger" | "info";

export type TransactionStatusLabel = {
  label: "Pending" | "Confirmed" | "Failed" | "Ignored" | "Reversed";
  tone: StatusTone;
};

const TRANSACTION_STATUSES: readonly TransactionStatusLabel[] = [
  { label: "Pending", tone: "warning" },
  { label: "Confirmed", tone: "success" },
  { label: "Failed", tone: "danger" },
  { label: "Ignored", tone: "danger" },
  { label: "Reversed", tone: "info" },
];

/** Null for a status outside 0..4, so a new upstream code is not shown as a wrong word. */
export function transactionStatus(status: number | null | undefined): TransactionStatusLabel | null {
  if (typeof status !== "number" || !Number.isInteger(status)) return null;
  const entry = TRANSACTION_STATUSES[status];
  // A copy, so a caller that adjusts its badge cannot change every later lookup.
  return entry === undefined ? null : { ...entry };
}

/** Every status code a transaction has, in code order. */
export const TRANSACTION_STATUS_CODES = [0, 1, 2, 3, 4] as const;

/**
 * The products a history row can be, in the table's order (app/domain/products.ts), then money
 * in. Marked pure, as every list built from the table is: a page that shows only a status
 * then carries no product table in its script (decision 083).
 */
export const HISTORY_PRODUCTS: readonly HistoryProduct[] = /* @__PURE__ */ Array<HistoryProduct>().concat(
  PRODUCT_KEYS,
  "funding",
);

/**
 * Money coming in, said as what it is (decision 074): a funding row's face value is what was
 * paid in, its `amount` what reached the wallet, and the difference the fee (none when the
 * wallet got as much or more). Its "Charged" would read as a charge to a newcomer.
 */
export type FundingMoney = { paidInKobo: number; toWalletKobo: number; feeKobo: number };

export function fundingMoney(row: Pick<TransactionRecord, "subtotal" | "amount">): FundingMoney {
  return { paidInKobo: row.subtotal, toWalletKobo: row.amount, feeKobo: Math.max(0, row.subtotal - row.amount) };
}
