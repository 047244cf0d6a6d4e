import { describe, expect, it } from "vitest";
import { fromStatus, type LedgerLine, ledgerOf, moneyByRow, netKobo, spentKobo } from "./ledger.ts";
import type { TransactionRecord } from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

const airtime = (id: number, overrides: Partial<TransactionRecord>) =>
  transactionRecord(id, {
    plan: "MTN Airtime",
    phoneNumber: "08031234567",
    description: "₦100.00 MTN airtime to 08031234567",
    subtotal: 100_00,
    amount: 97_00,
    ...overrides,
  });
const funding = (id: number, overrides: Partial<TransactionRecord>) =>
  transactionRecord(id, {
    plan: "Card",
    description: "Wallet funding of ₦150,000.00 by card",
    subtotal: 150_000_00,
    amount: 150_000_00,
    ...overrides,
  });

/** A line as the tables below write it. */
function shape(line: LedgerLine) {
  return [line.kind, line.row?.id ?? null, line.inKobo, line.outKobo, line.backKobo, line.balanceKobo] as const;
}

// The reported case (decision 042): a purchase, then a failed one for 08033333333, charged and
// refunded at once; the refund has no row, so the reversed row's Current Bal is before it.
const reported = [
  airtime(3, {
    phoneNumber: "08033333333",
    description: "₦100.00 MTN airtime to 08033333333",
    status: 4,
    initialBalanceKobo: 149_903_00,
    newBalanceKobo: 149_806_00,
    createdAt: "2026-01-15T10:02:00Z",
  }),
  airtime(2, { initialBalanceKobo: 150_000_00, newBalanceKobo: 149_903_00, createdAt: "2026-01-15T10:01:00Z" }),
  funding(1, { initialBalanceKobo: 0, newBalanceKobo: 150_000_00, createdAt: "2026-01-15T10:00:00Z" }),
];

describe("ledgerOf", () => {
  it("moves the wallet by each row's balances, oldest first, and closes a jump to the wallet with a line", () => {
    const ledger = ledgerOf(reported, { balanceKobo: 149_903_00, at: "2026-03-02T11:00:00Z" });
    expect(ledger.openingKobo).toBe(0);
    expect(ledger.lines.map(shape)).toEqual([
      ["row", 1, 150_000_00, 0, 0, 150_000_00],
      ["row", 2, 0, 97_00, 0, 149_903_00],
      ["row", 3, 0, 97_00, 0, 149_806_00],
      // Its own line, the reversed purchase's refund: dated with it, not when the ledger is made (decision 074).
      ["money-back", 3, 0, 0, 97_00, 149_903_00],
    ]);
    expect([ledger.lines[3]?.product, ledger.lines[3]?.at]).toEqual(["airtime", "2026-01-15T10:02:00Z"]);
    expect(moneyByRow(ledger).get(3)?.after).toBe(ledger.lines[3]);
    expect(ledger.closingKobo).toBe(149_903_00);
    // Charges, never face values, less what came back.
    expect(spentKobo(ledger.lines)).toBe(97_00);
  });

  it("tells a jump after a reversed purchase as its money back, any other jump as an adjustment", () => {
    const later = [
      airtime(5, { initialBalanceKobo: 149_700_00, newBalanceKobo: 149_603_00, createdAt: "2026-01-16T10:00:00Z" }),
      airtime(4, { initialBalanceKobo: 149_903_00, newBalanceKobo: 149_806_00, createdAt: "2026-01-15T12:00:00Z" }),
      ...reported,
    ];
    const ledger = ledgerOf(later);
    expect(ledger.lines.map(shape).slice(3)).toEqual([
      ["money-back", 3, 0, 0, 97_00, 149_903_00],
      ["row", 4, 0, 97_00, 0, 149_806_00],
      // ₦106 gone with no row: a charge of its own, counted against no product.
      ["adjustment", null, 0, 106_00, 0, 149_700_00],
      ["row", 5, 0, 97_00, 0, 149_603_00],
    ]);
    const back = ledger.lines[3];
    expect([back?.product, back?.at]).toEqual(["airtime", "2026-01-15T10:02:00Z"]);
    expect(ledger.lines[5]?.product).toBeNull();
    expect(moneyByRow(ledger).get(4)?.after).toBeNull();
  });

  it.each([
    ["Pending", 0, 0, 97_00, 0],
    ["Confirmed", 1, 0, 97_00, 0],
    ["Failed", 2, 0, 0, 0],
    ["Ignored", 3, 0, 0, 0],
    ["Reversed", 4, 0, 97_00, 97_00],
    ["a status no one knows", 9, 0, 0, 0],
  ])("falls back, for a %s purchase without balances, to its charge", (_, status, inKobo, outKobo, backKobo) => {
    const row = airtime(1, { status, initialBalanceKobo: null, newBalanceKobo: null });
    const [line] = ledgerOf([row]).lines;
    expect([line?.inKobo, line?.outKobo, line?.backKobo, line?.fromStatus]).toEqual([inKobo, outKobo, backKobo, true]);
  });

  it.each([
    [0, 0],
    [1, 150_000_00],
    [2, 0],
    [4, 0],
  ])("puts a funding without balances in only once Confirmed (status %i)", (status, inKobo) => {
    expect(fromStatus(funding(1, { status }), "funding")).toEqual({ inKobo, outKobo: 0, backKobo: 0 });
  });

  it("carries the chain across rows without balances, from the first row that has them", () => {
    const rows = [
      airtime(3, { initialBalanceKobo: 800_00, newBalanceKobo: 703_00, createdAt: "2026-01-15T12:00:00Z" }),
      airtime(2, { initialBalanceKobo: null, newBalanceKobo: null, createdAt: "2026-01-15T11:00:00Z" }),
      airtime(1, { initialBalanceKobo: 994_00, newBalanceKobo: 897_00, createdAt: "2026-01-15T10:00:00Z" }),
    ];
    const ledger = ledgerOf(rows);
    expect(ledger.lines.map(shape)).toEqual([
      ["row", 1, 0, 97_00, 0, 897_00],
      ["row", 2, 0, 97_00, 0, 800_00],
      ["row", 3, 0, 97_00, 0, 703_00],
    ]);
  });

  it("opens from the wallet when no row has balances", () => {
    const rows = [airtime(1, { initialBalanceKobo: null, newBalanceKobo: null })];
    const ledger = ledgerOf(rows, { balanceKobo: 1_000_00, at: "2026-01-16T00:00:00Z" });
    expect([ledger.openingKobo, ledger.closingKobo, ledger.lines.length]).toEqual([1_097_00, 1_000_00, 1]);
  });

  it("counts money back on a purchase row (a refund with a row of its own) as money back, not money in", () => {
    const refund = airtime(1, { status: 1, initialBalanceKobo: 100_00, newBalanceKobo: 197_00 });
    expect(shape(ledgerOf([refund]).lines[0] as LedgerLine)).toEqual(["row", 1, 0, 0, 97_00, 197_00]);
    // A row that says it is a funding is money in, whatever else it names.
    const topUp = airtime(1, { description: "Wallet funding of ₦97.00", initialBalanceKobo: 0, newBalanceKobo: 97_00 });
    expect(shape(ledgerOf([topUp]).lines[0] as LedgerLine)).toEqual(["row", 1, 97_00, 0, 0, 97_00]);
  });

  it("gives each row its line and the jump told against it", () => {
    const money = moneyByRow(
      ledgerOf([airtime(4, { initialBalanceKobo: 149_903_00, createdAt: "2026-01-15T12:00:00Z" }), ...reported]),
    );
    expect(netKobo(money.get(3)?.line ?? { inKobo: 0, outKobo: 0, backKobo: 0 })).toBe(-97_00);
    expect(money.get(3)?.after?.kind).toBe("money-back");
    expect(money.get(2)?.after).toBeNull();
  });
});
