import type { HistoryProduct } from "./buy-again.ts";

// Display words for the numeric codes the upstream sends (SPEC.md §1, §4 and §9), and for the
// products a history row is told to be (app/domain/buy-again.ts).

export type UserLevelLabel = "Normal" | "Agent" | "Reseller" | "API";

const USER_LEVELS: readonly UserLevelLabel[] = ["Normal", "Agent", "Reseller", "API"];

/** Null for an absent or unknown level: the portal then shows no label (CONTRACT.md). */
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

/** Every status code SPEC.md §4 names, in code order. */
export const TRANSACTION_STATUS_CODES = [0, 1, 2, 3, 4] as const;

/** The products a history row can be, in the order the dashboard's menu lists them. */
export const HISTORY_PRODUCTS = [
  "airtime",
  "data",
  "cable",
  "electricity",
  "exam",
  "sms",
  "funding",
] as const satisfies readonly HistoryProduct[];

const PRODUCT_LABELS = {
  airtime: "Airtime",
  data: "Data",
  cable: "Cable TV",
  electricity: "Electricity",
  exam: "Exam pins",
  sms: "Bulk SMS",
  funding: "Wallet funding",
} as const satisfies Record<HistoryProduct, string>;

/** A product's name on screen: "Cable TV", "Wallet funding". */
export function productLabel(product: HistoryProduct): string {
  return PRODUCT_LABELS[product];
}
