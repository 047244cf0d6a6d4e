import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, lagosDayOf } from "./dates.ts";
import { ledgerOf } from "./ledger.ts";
import { spending } from "./spending.ts";
import { statementOf } from "./statement.ts";
import type { TransactionRecord } from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

// Random histories (decision 042): purchases and fundings of all five statuses, rows with and
// without balances, money back and adjustments with no row of their own, in upstream order
// (newest first). Whatever the history, every statement adds up, and one to now closes at the
// wallet; the dashboard's "this month" is the statement's spent.

type Event = {
  funding: boolean;
  status: number;
  chargeKobo: number;
  discountKobo: number;
  balances: boolean;
  /** Money back or taken after this row, with no row of its own (a refund, an adjustment). */
  jumpKobo: number;
  minutesLater: number;
};

const event: fc.Arbitrary<Event> = fc.record({
  funding: fc.boolean(),
  status: fc.integer({ min: 0, max: 4 }),
  chargeKobo: fc.integer({ min: 1, max: 5_000_000 }),
  discountKobo: fc.integer({ min: 0, max: 10_000 }),
  balances: fc.boolean(),
  jumpKobo: fc.oneof(fc.constant(0), fc.integer({ min: -100_000, max: 100_000 })),
  minutesLater: fc.integer({ min: 0, max: 60 * 24 * 20 }),
});

const START = Date.parse("2026-01-01T00:00:00Z");

/** The history a wallet would record, newest first, and the wallet balance at the end. */
function historyOf(openingKobo: number, events: readonly Event[]) {
  let wallet = openingKobo;
  let at = START;
  const rows: TransactionRecord[] = [];
  events.forEach((item, index) => {
    at += item.minutesLater * 60_000;
    // What the wallet did: a funding credits when Confirmed; a purchase is charged unless
    // it failed or was ignored (a reversed one was charged, and its refund is a jump after).
    let move = 0;
    if (item.funding) move = item.status === 1 ? item.chargeKobo : 0;
    else if (item.status !== 2 && item.status !== 3) move = -item.chargeKobo;
    const before = wallet;
    wallet += move;
    rows.push(
      transactionRecord(index + 1, {
        plan: item.funding ? "Card" : "MTN Airtime",
        phoneNumber: item.funding ? "" : "08031234567",
        description: item.funding ? "Wallet funding by card" : "MTN airtime to 08031234567",
        subtotal: item.chargeKobo + (item.funding ? 0 : item.discountKobo),
        amount: item.chargeKobo,
        status: item.status,
        initialBalanceKobo: item.balances ? before : null,
        newBalanceKobo: item.balances ? wallet : null,
        createdAt: new Date(at).toISOString(),
      }),
    );
    // A reversed purchase's refund when it has balances; without them the rule gives it back itself.
    if (!item.funding && item.status === 4 && item.balances) wallet += item.chargeKobo;
    wallet += item.jumpKobo;
  });
  return { rows: rows.reverse(), walletKobo: wallet, lastAt: at };
}

const histories = fc.record({
  openingKobo: fc.integer({ min: 0, max: 100_000_000 }),
  events: fc.array(event, { minLength: 0, maxLength: 30 }),
});

describe("the ledger over random histories", () => {
  it("adds up on every statement: opening + in − out + back = closing, every part ≥ 0", () => {
    fc.assert(
      fc.property(
        histories,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        ({ openingKobo, events }, start, length) => {
          const { rows, walletKobo, lastAt } = historyOf(openingKobo, events);
          const now = new Date(lastAt + 60_000).toISOString();
          const from = addDays("2025-12-31", start);
          const statement = statementOf(
            rows,
            { from, to: addDays(from, length) },
            { balanceKobo: walletKobo, at: now },
          );
          for (const line of statement.lines) {
            expect(Math.min(line.inKobo, line.outKobo, line.backKobo)).toBeGreaterThanOrEqual(0);
          }
          if (statement.sums === null) return;
          const { openingKobo: opening, inKobo, outKobo, backKobo, closingKobo, spentKobo } = statement.sums;
          expect(opening + inKobo - outKobo + backKobo).toBe(closingKobo);
          expect(spentKobo).toBe(outKobo - backKobo);
          expect(statement.lines.at(-1)?.balanceKobo).toBe(closingKobo);
        },
      ),
    );
  });

  it("closes a statement to now at the wallet balance, and two periods meet where they join", () => {
    fc.assert(
      fc.property(histories, fc.integer({ min: 0, max: 200 }), ({ openingKobo, events }, split) => {
        const { rows, walletKobo, lastAt } = historyOf(openingKobo, events);
        const now = new Date(lastAt + 60_000).toISOString();
        const wallet = { balanceKobo: walletKobo, at: now };
        const today = lagosDayOf(now);
        const whole = statementOf(rows, { from: "2025-12-01", to: today }, wallet);
        if (whole.sums === null) {
          // Nothing happened at all: the wallet is where it started.
          expect(walletKobo).toBe(openingKobo);
          return;
        }
        expect(whole.sums.closingKobo).toBe(walletKobo);
        expect(ledgerOf(rows, wallet).closingKobo).toBe(walletKobo);

        const middle = addDays("2025-12-31", split);
        const first = statementOf(rows, { from: "2025-12-01", to: middle }, wallet);
        const second = statementOf(rows, { from: addDays(middle, 1), to: today }, wallet);
        const spentOf = (part: typeof first) => part.sums?.spentKobo ?? 0;
        expect(spentOf(first) + spentOf(second)).toBe(whole.sums.spentKobo);
        if (first.sums !== null && second.sums !== null) expect(second.sums.openingKobo).toBe(first.sums.closingKobo);
      }),
    );
  });

  it("counts money back for a reversed purchase on its purchase's day, however long after the statement is made", () => {
    fc.assert(
      fc.property(histories, fc.integer({ min: 0, max: 90 }), ({ openingKobo, events }, daysLater) => {
        const { rows, walletKobo, lastAt } = historyOf(openingKobo, events);
        const now = new Date(lastAt + daysLater * 86_400_000 + 60_000).toISOString();
        const { lines } = ledgerOf(rows, { balanceKobo: walletKobo, at: now });
        for (const line of lines.filter((found) => found.kind !== "row" && found.backKobo > 0 && found.row !== null))
          expect(lagosDayOf(line.at)).toBe(lagosDayOf(line.row?.createdAt ?? ""));
        // Lines stay oldest first, so a period's statement holds exactly its days.
        const days = lines.map((line) => lagosDayOf(line.at));
        expect(days).toEqual([...days].sort());
      }),
    );
  });

  it("gives the dashboard's 'this month' as the statement of this month's spent", () => {
    fc.assert(
      fc.property(histories, ({ openingKobo, events }) => {
        const { rows, walletKobo, lastAt } = historyOf(openingKobo, events);
        const now = new Date(lastAt + 60_000);
        const today = lagosDayOf(now.toISOString());
        const glance = spending(rows, now, walletKobo);
        const month = statementOf(
          rows,
          { from: `${today.slice(0, 8)}01`, to: today },
          { balanceKobo: walletKobo, at: now.toISOString() },
        );
        expect(glance.thisMonthKobo).toBe(month.sums?.spentKobo ?? 0);
      }),
    );
  });
});
