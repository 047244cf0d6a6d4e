import { describe, expect, it } from "vitest";
import { parseProfitPeriod, profitBook, profitPeriodOf } from "./profit.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

// The profit book (decision 085) from history rows as the upstream sends them, and "Sold for"
// by reference as the shop recorded them.

const airtime = (id: number, valueKobo: number, chargedKobo: number, extra = {}) =>
  transactionRecord(id, {
    plan: "MTN Airtime",
    phoneNumber: "08031234567",
    description: "MTN airtime to 08031234567",
    subtotal: valueKobo,
    amount: chargedKobo,
    createdAt: "2026-11-27T09:00:00Z",
    ...extra,
  });

const data = (id: number, chargedKobo: number, extra = {}) =>
  transactionRecord(id, {
    plan: "MTN 1GB",
    phoneNumber: "08031234567",
    description: "MTN data 1GB to 08031234567",
    subtotal: chargedKobo,
    amount: chargedKobo,
    createdAt: "2026-11-27T15:00:00Z",
    ...extra,
  });

const funding = (id: number) =>
  transactionRecord(id, { plan: "Card", description: "Wallet funding by card", subtotal: 5_000_00, amount: 5_000_00 });

const today = profitPeriodOf("day", "2026-11-27");

describe("the profit book", () => {
  it("sums sales, cost and profit per product and in total", () => {
    const book = profitBook(
      [airtime(1, 500_00, 485_00), airtime(2, 1_000_00, 970_00), data(3, 1_000_00)],
      new Map([
        ["PV1", 520_00],
        ["PV2", 1_040_00],
        ["PV3", 1_100_00],
      ]),
      today,
    );
    expect(book.byProduct).toEqual([
      { product: "airtime", count: 2, salesKobo: 1_560_00, costKobo: 1_455_00, profitKobo: 105_00 },
      { product: "data", count: 1, salesKobo: 1_100_00, costKobo: 1_000_00, profitKobo: 100_00 },
    ]);
    expect(book.total).toEqual({ count: 3, salesKobo: 2_660_00, costKobo: 2_455_00, profitKobo: 205_00 });
    expect(book.byDay).toEqual([{ day: "2026-11-27", profitKobo: 205_00 }]);
  });

  it("counts a sale at a loss as a negative profit", () => {
    const book = profitBook([airtime(1, 500_00, 485_00)], new Map([["PV1", 480_00]]), today);
    expect(book.total.profitKobo).toBe(-5_00);
  });

  it.each([
    ["Failed", 2],
    ["Ignored", 3],
    ["Reversed", 4],
  ])("counts a %s purchase as 0, and says how many there were", (_, status) => {
    const book = profitBook([airtime(1, 500_00, 485_00, { status })], new Map([["PV1", 520_00]]), today);
    expect(book.total).toEqual({ count: 0, salesKobo: 0, costKobo: 0, profitKobo: 0 });
    expect(book.notCounted).toBe(1);
    expect(book.unpriced.rows).toEqual([]);
  });

  it("counts a Pending purchase: the wallet has paid", () => {
    const book = profitBook([airtime(1, 500_00, 485_00, { status: 0 })], new Map([["PV1", 520_00]]), today);
    expect(book.total.count).toBe(1);
  });

  it("lists purchases with no Sold for apart, with what the wallet paid, and never guesses", () => {
    const book = profitBook([airtime(1, 500_00, 485_00), data(2, 1_000_00)], new Map([["PV1", 520_00]]), today);
    expect(book.total).toEqual({ count: 1, salesKobo: 520_00, costKobo: 485_00, profitKobo: 35_00 });
    expect(book.unpriced.rows.map((row) => row.reference)).toEqual(["PV2"]);
    expect(book.unpriced.costKobo).toBe(1_000_00);
  });

  it("leaves out money into the wallet and purchases outside the period, by the Lagos day", () => {
    const book = profitBook(
      [
        funding(1),
        // 23:30 UTC on the 26th is 00:30 on the 27th in Lagos: in.
        airtime(2, 500_00, 485_00, { createdAt: "2026-11-26T23:30:00Z" }),
        // 23:30 UTC on the 27th is the 28th in Lagos: out.
        airtime(3, 500_00, 485_00, { createdAt: "2026-11-27T23:30:00Z" }),
      ],
      new Map([
        ["PV1", 1],
        ["PV2", 520_00],
        ["PV3", 520_00],
      ]),
      today,
    );
    expect(book.total.count).toBe(1);
    expect(book.total.salesKobo).toBe(520_00);
  });
});

describe("a profit period", () => {
  it.each([
    ["day", "2026-11-27", "2026-11-27", "2026-11-27"],
    // 27 November 2026 is a Friday: its week runs Monday the 23rd to Sunday the 29th.
    ["week", "2026-11-27", "2026-11-23", "2026-11-29"],
    ["week", "2026-11-23", "2026-11-23", "2026-11-29"],
    ["week", "2026-11-29", "2026-11-23", "2026-11-29"],
    ["week", "2026-12-31", "2026-12-28", "2027-01-03"],
    ["month", "2026-11-27", "2026-11-01", "2026-11-30"],
    ["month", "2028-02-10", "2028-02-01", "2028-02-29"],
    ["month", "2026-12-31", "2026-12-01", "2026-12-31"],
  ] as const)("a %s holding %s runs %s to %s", (kind, day, from, to) => {
    expect(profitPeriodOf(kind, day)).toEqual({ kind, from, to });
  });

  it.each([
    ["", { kind: "day", from: "2026-11-27", to: "2026-11-27" }, null],
    ["period=month&day=3/10/2026", { kind: "month", from: "2026-10-01", to: "2026-10-31" }, null],
    ["period=year&day=2026-11-20", { kind: "day", from: "2026-11-20", to: "2026-11-20" }, null],
    ["period=week&day=31/02/2026", { kind: "week", from: "2026-11-23", to: "2026-11-29" }, "notADay"],
  ])("reads ?%s", (query, period, problem) => {
    const read = parseProfitPeriod(new URLSearchParams(query), "2026-11-27");
    expect(read.period).toEqual(period);
    expect(read.dayProblem).toBe(problem);
  });
});
