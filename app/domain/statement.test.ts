import { describe, expect, it } from "vitest";
import { parseStatementRange, STATEMENT_ROW_LIMIT, statementOf } from "./statement.ts";
import { FILTER_MESSAGES } from "./transaction-filters.ts";
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
    ["from=2026-02-30&to=2026-01-31", { from: "2026-01-02", to: "2026-01-31" }, { from: FILTER_MESSAGES.notADay }],
    ["from=2026-02-01&to=2026-01-01", { from: "2026-02-01", to: "2026-03-02" }, { to: FILTER_MESSAGES.toBeforeFrom }],
    // The transactions page's other filters mean nothing here.
    ["q=x&status=gold&from=2026-01-01&to=2026-01-01", { from: "2026-01-01", to: "2026-01-01" }, {}],
  ])("reads %j", (search, range, errors) => {
    const parsed = parseStatementRange(new URLSearchParams(search), today);
    expect(parsed.range).toEqual(range);
    expect(parsed.errors).toEqual(errors);
  });
});

describe("statementOf", () => {
  // Newest first, as call 36 gives them; balances as a wallet would record them.
  const history = [
    row(6, { createdAt: "2026-02-01T08:00:00Z", subtotal: 100_00, initialBalanceKobo: 0, newBalanceKobo: 0 }),
    row(5, {
      plan: "MTN Airtime",
      description: "₦500.00 MTN airtime to 08031234567",
      createdAt: "2026-01-31T22:00:00Z", // 11 pm on 31st Jan in Lagos
      subtotal: 500_00,
      initialBalanceKobo: 9_510_00,
      newBalanceKobo: 9_020_00,
    }),
    row(4, {
      plan: "1GB - 30 days",
      description: "MTN 1GB - 30 days data bundle to 08031234567",
      createdAt: "2026-01-20T12:00:00Z",
      subtotal: 1_000_00,
      status: 2,
      initialBalanceKobo: 9_510_00,
      newBalanceKobo: 9_510_00,
    }),
    row(3, {
      plan: "Bank transfer",
      phoneNumber: "",
      description: "Wallet funding of ₦5,000.00 by transfer to your Wema Bank reserved account",
      createdAt: "2026-01-10T12:00:00Z",
      subtotal: 5_000_00,
      initialBalanceKobo: 4_510_00,
      newBalanceKobo: 9_510_00,
    }),
    row(2, {
      plan: "MTN Airtime",
      description: "₦500.00 MTN airtime to 08031234567",
      createdAt: "2026-01-01T00:00:00+01:00",
      subtotal: 500_00,
      initialBalanceKobo: 5_000_00,
      newBalanceKobo: 4_510_00,
    }),
    row(1, { createdAt: "2025-12-31T22:59:59Z", subtotal: 200_00, initialBalanceKobo: 0, newBalanceKobo: 0 }),
  ];

  it("opens with the balance before the first row and closes after the last", () => {
    const statement = statementOf(history, { from: "2026-01-01", to: "2026-01-31" });
    expect(statement.rows.map((item) => item.id)).toEqual([2, 3, 4, 5]);
    expect(statement.openingKobo).toBe(5_000_00);
    expect(statement.closingKobo).toBe(9_020_00);
    expect(statement.total).toEqual({ count: 4, amountKobo: 7_000_00 });
  });

  it("totals per product and per status, in the menu's and the codes' order", () => {
    const statement = statementOf(history, { from: "2026-01-01", to: "2026-01-31" });
    expect(statement.byProduct).toEqual([
      { product: "airtime", count: 2, amountKobo: 1_000_00 },
      { product: "data", count: 1, amountKobo: 1_000_00 },
      { product: "funding", count: 1, amountKobo: 5_000_00 },
    ]);
    expect(statement.byStatus).toEqual([
      { status: 1, count: 3, amountKobo: 6_000_00 },
      { status: 2, count: 1, amountKobo: 1_000_00 },
    ]);
  });

  it("counts rows it cannot tell, and statuses SPEC.md does not name, last", () => {
    const odd = [row(2, { status: 7, subtotal: 1 }), row(1, { description: "Something else", subtotal: 2 })];
    const statement = statementOf(odd, { from: "2026-01-01", to: "2026-01-31" });
    expect(statement.byProduct).toEqual([{ product: null, count: 2, amountKobo: 3 }]);
    expect(statement.byStatus).toEqual([
      { status: 1, count: 1, amountKobo: 2 },
      { status: 7, count: 1, amountKobo: 1 },
    ]);
  });

  it("has no balances for a range with no rows", () => {
    const statement = statementOf(history, { from: "2026-03-01", to: "2026-03-31" });
    expect(statement).toEqual({
      rows: [],
      total: { count: 0, amountKobo: 0 },
      openingKobo: null,
      closingKobo: null,
      byProduct: [],
      byStatus: [],
    });
  });

  it("keeps rows of the same moment in the order they happened", () => {
    const same = "2026-01-05T10:00:00Z";
    const statement = statementOf(
      [
        row(2, { createdAt: same, initialBalanceKobo: 90, newBalanceKobo: 80 }),
        row(1, { createdAt: same, initialBalanceKobo: 100, newBalanceKobo: 90 }),
      ],
      { from: "2026-01-05", to: "2026-01-05" },
    );
    expect(statement.rows.map((item) => item.id)).toEqual([1, 2]);
    expect([statement.openingKobo, statement.closingKobo]).toEqual([100, 80]);
  });

  it(`lists at most ${STATEMENT_ROW_LIMIT} rows and totals them all`, () => {
    const many = Array.from({ length: STATEMENT_ROW_LIMIT + 5 }, (_, index) =>
      row(index, { subtotal: 100, newBalanceKobo: index }),
    );
    const statement = statementOf(many, { from: "2026-01-15", to: "2026-01-15" });
    expect(statement.rows).toHaveLength(STATEMENT_ROW_LIMIT);
    expect(statement.total).toEqual({ count: STATEMENT_ROW_LIMIT + 5, amountKobo: (STATEMENT_ROW_LIMIT + 5) * 100 });
    // All at one moment, newest first: the last in the list happened first.
    expect(statement.closingKobo).toBe(0);
  });
});
