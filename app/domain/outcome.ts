import type { HistoryProduct } from "./buy-again.ts";
import { productRow } from "./products.ts";
import type { TransactionRecord } from "./transactions.ts";

// What a purchase came to, as facts the portal says in its own words in the reader's language
// (decision 079): the product, the plan, the value bought, who or what it was for, the status
// and what the wallet paid. Built from fields, never from the upstream's sentence, which is
// in the upstream's language and is shown beside it as its own.

export type OutcomeStatus = "successful" | "pending" | "failed" | "ignored" | "reversed";

/** A phone, meter or smart card by its number, or a bulk SMS by how many numbers it went to. */
export type OutcomeTarget =
  { kind: "phone" | "meter" | "smart-card"; number: string } | { kind: "numbers"; count: number } | null;

export type PurchaseProductName = Exclude<HistoryProduct, "funding">;

export type PurchaseFacts = {
  product: PurchaseProductName;
  /** The plan, bouquet or exam as the upstream names it; empty where the product has none to say. */
  plan: string;
  valueKobo: number;
  target: OutcomeTarget;
  status: OutcomeStatus;
  chargedKobo: number;
};

/** A transaction's status codes 0 to 4 (docs/upstream-api.md), as an outcome. */
const STATUSES: readonly OutcomeStatus[] = ["pending", "successful", "failed", "ignored", "reversed"];

/** Null for a code outside 0..4. */
export function outcomeStatusOf(code: number): OutcomeStatus | null {
  return STATUSES[code] ?? null;
}

/**
 * The plan worth saying for a product: a plan's name says what data, cable and exam bought;
 * airtime, electricity and SMS are said by their value (their row's plan repeats the provider).
 */
export function planToSay(product: PurchaseProductName, plan: string): string {
  return productRow(product).saidByPlan ? plan.trim() : "";
}

/**
 * A history row's facts; null for money coming in (funding says its own, decision 074), a row
 * whose product cannot be told, or a status no label names.
 */
export function rowFacts(row: TransactionRecord, product: HistoryProduct | null): PurchaseFacts | null {
  const status = outcomeStatusOf(row.status);
  if (product === null || product === "funding" || status === null) return null;
  return {
    product,
    plan: planToSay(product, row.plan),
    valueKobo: row.subtotal,
    target: rowTarget(row),
    status,
    chargedKobo: row.amount,
  };
}

function rowTarget(row: TransactionRecord): OutcomeTarget {
  if (row.meterNo) return { kind: "meter", number: row.meterNo };
  if (row.smartNo) return { kind: "smart-card", number: row.smartNo };
  return row.phoneNumber ? { kind: "phone", number: row.phoneNumber } : null;
}
