import { describe, expect, it } from "vitest";
import { parseStatementRange, STATEMENT_ROW_LIMIT, statementOf } from "./statement.ts";
import { FILTER_PROBLEMS } from "./transaction-filters.ts";
import type { TransactionRecord } from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

function row(id: number, overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  return transactionRecord(id, { phoneNumber: "08031234567", ...overrides });
}

describe("parseStatementRange", () => {
  const today = "2026-03-02";
  it.each([
    ["", { from: "2026-02-01", to: "2026-03-02" }, {}],
    ["from=2026-01-01&to=2026-01-31", { from: "2026-01-01", to: "2026-01-31" }, {}],
    ["to=2026-01-31", { from: "2026-01-02", to: "2026-01-31" }, {}],
    ["from=2026-01-10", { from: "2026-01-10", to: "2026-03-02" }, {}],
    ["from=2026-04-01", { from: "2026-04-01", to: "2026-04-01" }, {}],
    ["from=2026-02-30&to=2026-01-31", { from: "2026-01-02", to: "2026-01-31" }, { from: FILTER_PROBLEMS.notADay }],
    ["from=2026-02-01&to=2026-01-01", { from: "2026-02-01", to: "2026-03-02" }, { to: FILTER_PROBLEMS.toBeforeFrom }],
    // The transactions page's other filters mean nothing here.
    ["q=x&status=gold&from=2026-01-01&to=2026-01-01", { from: "2026-01-01", to: "2026-01-01" }, {}],
  ])("reads %j", (search, range, errors) => {
    const parsed = parseStatementRange(new URLSearchParams(search), today);
    expect(parsed.range).toEqual(range);
    expect(parsed.errors).toEqual(errors);
  });
});

describe("statementOf", () => {
  // Newest first, as call 36 gives them; balances as a wallet records them, the failed data
  // purchase of the 20th charged ₦980 and refunded at once with no row for the refund.
  const history = [
    row(6, {
      plan: "MTN Airtime",
      description: "₦100.00 MTN airtime to 08031234567",
      createdAt: "2026-02-01T08:00:00Z",
      subtotal: 100_00,
      amount: 98_00,
      initialBalanceKobo: 8_530_00,
      newBalanceKobo: 8_432_00,
    }),
    row(5, {
      plan: "MTN Airtime",
      description: "₦500.00 MTN airtime to 08031234567",
      createdAt: "2026-01-31T22:00:00Z", // 11 pm on 31st Jan in Lagos
      subtotal: 500_00,
      amount: 490_00,
      initialBalanceKobo: 9_020_00,
      newBalanceKobo: 8_530_00,
    }),
    row(4, {
      plan: "1GB - 30 days",
      description: "MTN 1GB - 30 days data bundle to 08031234567",
      createdAt: "2026-01-20T12:00:00Z",
      subtotal: 1_000_00,
      amount: 980_00,
      status: 4,
      initialBalanceKobo: 9_020_00,
      newBalanceKobo: 8_040_00,
    }),
    row(3, {
      plan: "Bank transfer",
      phoneNumber: "",
      description: "Wallet funding of ₦5,000.00 by transfer to your Wema Bank reserved account",
      createdAt: "2026-01-10T12:00:00Z",
      subtotal: 5_000_00,
      amount: 5_000_00,
      initialBalanceKobo: 4_020_00,
      newBalanceKobo: 9_020_00,
    }),
    row(2, {
      plan: "MTN Airtime",
      description: "₦1,000.00 MTN airtime to 08031234567",
      createdAt: "2026-01-01T00:00:00+01:00",
      subtotal: 1_000_00,
      amount: 980_00,
      initialBalanceKobo: 5_000_00,
      newBalanceKobo: 4_020_00,
    }),
    row(1, {
      plan: "Card",
      phoneNumber: "",
      description: "Wallet funding of ₦5,000.00 by card",
      createdAt: "2025-12-31T22:59:59Z",
      subtotal: 5_000_00,
      amount: 5_000_00,
      initialBalanceKobo: 0,
      newBalanceKobo: 5_000_00,
    }),
  ];
  const january = { from: "2026-01-01", to: "2026-01-31" };

  it("adds up: opening + in − out + back = closing, charges not face values, the refund a line of its own", () => {
    const statement = statementOf(history, january);
    expect(statement.lines.map((line) => [line.kind, line.row?.id ?? null])).toEqual([
      ["row", 2],
      ["row", 3],
      ["row", 4],
      ["money-back", 4],
      ["row", 5],
    ]);
    expect(statement.sums).toEqual({
      openingKobo: 5_000_00,
      inKobo: 5_000_00,
      outKobo: 980_00 + 980_00 + 490_00,
      backKobo: 980_00,
      closingKobo: 8_530_00,
      spentKobo: 980_00 + 490_00,
    });
    expect([statement.count, statement.transactions]).toEqual([5, 4]);
  });

  it("spends per product, money back against the product it came back for, in menu order", () => {
    expect(statementOf(history, january).byProduct).toEqual([
      { product: "airtime", count: 2, spentKobo: 1_470_00 },
      { product: "data", count: 1, spentKobo: 0 },
      { product: "funding", count: 1, spentKobo: 0 },
    ]);
  });

  it("closes a statement that reaches today at the wallet, the difference a line of its own", () => {
    const wallet = { balanceKobo: 8_500_00, at: "2026-02-02T10:00:00Z" };
    const toNow = statementOf(history, { from: "2026-02-01", to: "2026-02-02" }, wallet);
    expect(toNow.lines.map((line) => line.kind)).toEqual(["row", "since-last"]);
    expect(toNow.sums).toMatchObject({ openingKobo: 8_530_00, outKobo: 98_00, backKobo: 68_00, closingKobo: 8_500_00 });
    // A period that ended before now is the history's alone.
    const past = statementOf(history, january, wallet);
    expect(past.sums?.closingKobo).toBe(8_530_00);
  });

  it("counts a refund with no later row in its purchase's period, whenever the statement is made", () => {
    // The purchase of the 20th reversed, its refund the last thing the wallet did (decision 074).
    const refundedLast = history.filter((line) => line.id <= 4);
    const wallet = { balanceKobo: 9_020_00, at: "2026-03-15T10:00:00Z" };
    const past = statementOf(refundedLast, january, wallet);
    expect(past.lines.map((line) => [line.kind, line.row?.id ?? null, line.at])).toContainEqual([
      "money-back",
      4,
      "2026-01-20T12:00:00Z",
    ]);
    expect(past.sums).toMatchObject({ backKobo: 980_00, closingKobo: 9_020_00 });
    // Made a month later, the same period reads the same; the next one holds nothing.
    expect(statementOf(refundedLast, january, { ...wallet, at: "2026-04-15T10:00:00Z" })).toEqual(past);
    expect(statementOf(refundedLast, { from: "2026-02-01", to: "2026-03-15" }, wallet).sums).toBeNull();
  });

  it("anchors a history without balances at the wallet, so two periods meet where they join", () => {
    const bare = (id: number, createdAt: string) =>
      row(id, { plan: "MTN Airtime", amount: 1, status: 0, initialBalanceKobo: null, newBalanceKobo: null, createdAt });
    const rows = [bare(2, "2026-01-01T23:00:00Z"), bare(1, "2026-01-01T00:00:00Z")];
    const wallet = { balanceKobo: -1, at: "2026-01-01T23:01:00Z" };
    const first = statementOf(rows, { from: "2025-12-01", to: "2026-01-01" }, wallet);
    const second = statementOf(rows, { from: "2026-01-02", to: "2026-01-02" }, wallet);
    expect(second.sums?.openingKobo).toBe(first.sums?.closingKobo);
    expect(second.sums?.closingKobo).toBe(-1);
  });

  it("has no balances for a range with no lines", () => {
    expect(statementOf(history, { from: "2026-03-01", to: "2026-03-31" })).toEqual({
      lines: [],
      count: 0,
      transactions: 0,
      sums: null,
      byProduct: [],
    });
  });

  it("keeps rows of the same moment in the order they happened", () => {
    const same = "2026-01-05T10:00:00Z";
    const statement = statementOf(
      [
        row(2, { createdAt: same, amount: 10, initialBalanceKobo: 90, newBalanceKobo: 80 }),
        row(1, { createdAt: same, amount: 10, initialBalanceKobo: 100, newBalanceKobo: 90 }),
      ],
      { from: "2026-01-05", to: "2026-01-05" },
    );
    expect(statement.lines.map((line) => line.row?.id)).toEqual([1, 2]);
    expect([statement.sums?.openingKobo, statement.sums?.closingKobo]).toEqual([100, 80]);
  });

  it(`lists at most ${STATEMENT_ROW_LIMIT} lines and adds them all up`, () => {
    const count = STATEMENT_ROW_LIMIT + 5;
    // Newest first: the last in the list happened first, from ₦10,050 down by ₦1 a row.
    const many = Array.from({ length: count }, (_, index) =>
      row(index, { amount: 100, initialBalanceKobo: index * 100 + 100, newBalanceKobo: index * 100 }),
    );
    const statement = statementOf(many, { from: "2026-01-15", to: "2026-01-15" });
    expect(statement.lines).toHaveLength(STATEMENT_ROW_LIMIT);
    expect(statement.count).toBe(count);
    expect(statement.sums).toMatchObject({ openingKobo: count * 100, outKobo: count * 100, closingKobo: 0 });
  });
});
