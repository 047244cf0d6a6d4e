import type { RowProblem } from "../domain/bulk.ts";
import { formatNaira } from "../domain/money.ts";
import { amountTooLow } from "../forms/amount.ts";
import { m } from "../i18n/paraglide/messages.js";

// The bulk pages' words that depend on a count or on why a row is left out (decision
// 061): said on the server, in the language of the request that shows them, and passed to the
// page as text, so the browser's script carries none of them.

/** Why a row is left out, in the reader's language. */
export function rowProblemWords(problem: RowProblem): string {
  switch (problem.kind) {
    case "no-number":
      return m.bulk_no_number();
    case "not-digits":
      return m.bulk_not_digits({ text: problem.text });
    case "not-nigerian":
      return m.bulk_not_nigerian({ text: problem.text });
    case "duplicate":
      return m.bulk_duplicate({ row: problem.row });
    case "no-network":
      return m.bulk_no_network();
    case "no-amount":
      return m.bulk_no_amount();
    case "not-an-amount":
      return m.bulk_not_an_amount({ given: problem.given });
    case "amount-too-low":
      // The purchase forms' own message (app/forms/purchase.ts).
      return amountTooLow(problem.minimumKobo);
    case "amount-too-high":
      // The forms' own words for it (nairaAmount's maximum).
      return m.valid_amount_too_high({ amount: formatNaira(problem.maximumKobo, { decimals: 0 }) });
    case "no-plan":
      return m.bulk_no_plan({ network: problem.network });
    case "not-a-plan":
      return m.bulk_not_a_plan({ given: problem.given, network: problem.network });
  }
}

/**
 * The review's Confirm button: what it buys, and of how many when the review left some rows
 * out, so that nobody thinks the whole list is bought (decision 043).
 */
export function confirmWording(buyable: number, rows: number): string {
  const left = rows - buyable;
  if (left === 0) return m.bulk_confirm_all({ count: buyable });
  return m.bulk_confirm_some({ buyable, rows, left });
}

/** The review table's caption: "5 rows: 3 to buy, 2 left out". */
export function reviewCaption(rows: number, buyable: number): string {
  const left = rows - buyable;
  if (left === 0) return m.bulk_caption({ rows, buyable });
  return m.bulk_caption_left({ rows, buyable, left });
}

/** The label of a network's plan list: "Plan for the 3 MTN numbers". */
export function planListLabel(count: number, network: string): string {
  return m.bulk_plan_for({ count, network });
}

/** After the review's total: "for 3 numbers. Wallet balance: ₦1,000.00." */
export function totalRest(count: number, balance: string): string {
  return m.bulk_total_rest({ count, balance });
}

/** What an airtime row buys: "₦500.00 airtime". */
export function airtimeItem(amountKobo: number): string {
  return m.bulk_airtime_item({ amount: formatNaira(amountKobo) });
}
