import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { countsForProfit, isPurchase, PERIOD_KINDS, profitBook, profitPeriodOf } from "./profit.ts";
import { filterTransactions, NO_FILTERS } from "./transaction-filters.ts";
import type { TransactionRecord } from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

// Random histories (decision 085): purchases of every product and status, fundings, rows an hour
// or a week apart, some sold and some not. Whatever the history and the period, the profit book
// reconciles with the Transactions page filtered to the same days: the purchases it counts and
// what the wallet paid for them are that list's Confirmed and Pending purchases, and its own
// sums add up.

type Event = { kind: "airtime" | "data" | "cable" | "funding"; status: number; chargeKobo: number; hoursLater: number };

const event: fc.Arbitrary<Event> = fc.record({
  kind: fc.constantFrom("airtime", "data", "cable", "funding"),
  status: fc.integer({ min: 0, max: 4 }),
  chargeKobo: fc.integer({ min: 1, max: 5_000_000 }),
  hoursLater: fc.integer({ min: 0, max: 24 * 9 }),
});

const START = Date.parse("2026-10-20T06:00:00Z");

const SHAPES = {
  airtime: { plan: "MTN Airtime", phoneNumber: "08031234567", description: "MTN airtime to 08031234567" },
  data: { plan: "MTN 1GB", phoneNumber: "08031234567", description: "MTN data 1GB to 08031234567" },
  cable: { plan: "GOtv Max", smartNo: "7012345678", description: "GOtv Max for 7012345678" },
  funding: { plan: "Card", description: "Wallet funding by card" },
} as const;

/** The history, newest first as the upstream sends it. */
function historyOf(events: readonly Event[]): TransactionRecord[] {
  let at = START;
  return events
    .map((item, index) => {
      at += item.hoursLater * 60 * 60_000;
      return transactionRecord(index + 1, {
        ...SHAPES[item.kind],
        subtotal: item.chargeKobo,
        amount: item.chargeKobo,
        status: item.status,
        createdAt: new Date(at).toISOString(),
      });
    })
    .reverse();
}

const cases = fc.record({
  events: fc.array(event, { maxLength: 40 }),
  /** A "Sold for" per event, or none. */
  sold: fc.array(fc.option(fc.integer({ min: 0, max: 6_000_000 })), { minLength: 40, maxLength: 40 }),
  kind: fc.constantFrom(...PERIOD_KINDS),
  dayOffset: fc.integer({ min: 0, max: 120 }),
});

describe("the profit book over random histories", () => {
  it("reconciles with Transactions for the same days, and adds up", () => {
    fc.assert(
      fc.property(cases, ({ events, sold, kind, dayOffset }) => {
        const history = historyOf(events);
        const soldFor = new Map<string, number>();
        history.forEach((row) => {
          const price = sold[row.id - 1];
          if (price !== null && price !== undefined) soldFor.set(row.reference, price);
        });
        const period = profitPeriodOf(kind, addDays("2026-10-15", dayOffset));
        const book = profitBook(history, soldFor, period);

        const listed = filterTransactions(history, { ...NO_FILTERS, from: period.from, to: period.to });
        const counted = listed.filter((row) => isPurchase(row) && countsForProfit(row));
        const paid = counted.reduce((sum, row) => sum + row.amount, 0);
        expect(book.total.count + book.unpriced.rows.length).toBe(counted.length);
        expect(book.total.costKobo + book.unpriced.costKobo).toBe(paid);
        expect(book.notCounted).toBe(listed.filter((row) => isPurchase(row) && !countsForProfit(row)).length);

        const sales = counted.reduce((sum, row) => sum + (soldFor.get(row.reference) ?? 0), 0);
        expect(book.total.salesKobo).toBe(sales);
        expect(book.total.profitKobo).toBe(book.total.salesKobo - book.total.costKobo);
        const byProduct = book.byProduct.reduce(
          (sums, line) => ({
            count: sums.count + line.count,
            salesKobo: sums.salesKobo + line.salesKobo,
            costKobo: sums.costKobo + line.costKobo,
            profitKobo: sums.profitKobo + line.profitKobo,
          }),
          { count: 0, salesKobo: 0, costKobo: 0, profitKobo: 0 },
        );
        expect(byProduct).toEqual(book.total);
        expect(book.byDay.reduce((sum, day) => sum + day.profitKobo, 0)).toBe(book.total.profitKobo);
        expect(book.byDay[0]?.day).toBe(period.from);
        expect(book.byDay.at(-1)?.day).toBe(period.to);
      }),
    );
  });
});
