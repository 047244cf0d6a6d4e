import { describe, expect, test } from "vitest";
import { chronological } from "./ledger.ts";
import { isStandingPurchase, shortNaira, SPEND_PRODUCTS, spending } from "./spending.ts";
import type { TransactionRecord } from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

// Decisions 033 and 042, spending at a glance: spent is the ledger's (app/domain/ledger.ts):
// charges less the money that came back, from the balance chain, so a reversed purchase whose
// money came back counts nothing and funding is not spending. The discount still counts the
// standing purchases (Confirmed or Pending). Six Lagos months (UTC+1 all year), ending in the
// month of `now`.

const PENDING = 0;
const CONFIRMED = 1;
const FAILED = 2;
const IGNORED = 3;
const REVERSED = 4;

/** 20th Nov 2026, midday in Lagos: the six months are Jun to Nov 2026. */
const NOW = new Date("2026-11-20T11:00:00.000Z");
const IN_NOVEMBER = "2026-11-10T09:00:00.000Z";
const IN_OCTOBER = "2026-10-05T09:00:00.000Z";

const blank = transactionRecord(1, {
  reference: "REF-1",
  initialBalanceKobo: 100_000_00,
  newBalanceKobo: 100_000_00,
  status: CONFIRMED,
  createdAt: IN_NOVEMBER,
});

/** A wallet purchase: face value `subtotal`, `amount` taken from the wallet. */
function purchase(
  fields: Partial<TransactionRecord> & { subtotal: number; amount: number },
  status = CONFIRMED,
): TransactionRecord {
  return {
    ...blank,
    status,
    ...fields,
    newBalanceKobo: (blank.initialBalanceKobo ?? 0) - fields.amount,
  };
}

const airtime = (subtotal: number, amount: number, extra: Partial<TransactionRecord> = {}) =>
  purchase({
    plan: "MTN Airtime",
    description: `MTN airtime of ₦${subtotal / 100} sent to 08011111111.`,
    phoneNumber: "08011111111",
    subtotal,
    amount,
    ...extra,
  });

const data = (subtotal: number, amount: number, extra: Partial<TransactionRecord> = {}) =>
  purchase({
    plan: "1GB - 30 days",
    description: "MTN 1GB - 30 days data bundle to 08032222222",
    phoneNumber: "08032222222",
    subtotal,
    amount,
    ...extra,
  });

const cable = (subtotal: number, amount: number, extra: Partial<TransactionRecord> = {}) =>
  purchase({
    plan: "DStv Compact",
    description: "DStv Compact renewed for smart card 1212121212",
    phoneNumber: "08031111111",
    smartNo: "1212121212",
    subtotal,
    amount,
    ...extra,
  });

const electricity = (subtotal: number, amount: number, extra: Partial<TransactionRecord> = {}) =>
  purchase({
    plan: "Prepaid",
    description: "IKEDC prepaid token: 1234-5678",
    meterNo: "1111111111111",
    phoneNumber: "08031111111",
    subtotal,
    amount,
    ...extra,
  });

const exam = (subtotal: number, amount: number, extra: Partial<TransactionRecord> = {}) =>
  purchase({
    plan: "WAEC Result Checker",
    description: "WAEC result checker PIN",
    phoneNumber: "08031111111",
    subtotal,
    amount,
    ...extra,
  });

const sms = (subtotal: number, amount: number, extra: Partial<TransactionRecord> = {}) =>
  purchase({
    plan: "Bulk SMS",
    description: "Bulk SMS from PAYVEND to 2 numbers",
    phoneNumber: "08031111111,08032222222",
    subtotal,
    amount,
    ...extra,
  });

/** Money into the wallet: the balance goes up. */
const funding = (amount: number, status = CONFIRMED): TransactionRecord => ({
  ...blank,
  description: "Wallet funding of ₦5,000.00 by card",
  subtotal: amount,
  amount,
  status,
  newBalanceKobo: (blank.initialBalanceKobo ?? 0) + amount,
});

/**
 * Rows (newest first, as the upstream sends them) with their balances chained as a wallet
 * records them from ₦100,000: each row keeps its own move, a failed or ignored one moves
 * nothing, and a reversed one's charge comes back just after it with no row of its own.
 */
function chained(rows: TransactionRecord[]): { rows: TransactionRecord[]; walletKobo: number } {
  let wallet = 100_000_00;
  const balanced = new Map<TransactionRecord, TransactionRecord>();
  for (const row of chronological(rows)) {
    const unmoved = row.status === FAILED || row.status === IGNORED;
    const move = unmoved ? 0 : (row.newBalanceKobo ?? 0) - (row.initialBalanceKobo ?? 0);
    balanced.set(row, { ...row, initialBalanceKobo: wallet, newBalanceKobo: wallet + move });
    wallet += move + (row.status === REVERSED ? row.amount : 0);
  }
  return { rows: rows.map((row) => balanced.get(row) ?? row), walletKobo: wallet };
}

/** Spending of chained rows, the wallet as they leave it. */
function spendingOf(rows: TransactionRecord[], now = NOW) {
  const history = chained(rows);
  return spending(history.rows, now, history.walletKobo);
}

function november(rows: TransactionRecord[]) {
  const result = spendingOf(rows);
  const month = result.months.at(-1);
  if (month === undefined) throw new Error("no months");
  return { result, month };
}

describe("spending: what counts", () => {
  test.each([
    ["Confirmed", CONFIRMED, 490_00],
    ["Pending (already paid)", PENDING, 490_00],
    ["Failed (never charged)", FAILED, 0],
    ["Ignored (never charged)", IGNORED, 0],
    ["Reversed (charged, and the money came back)", REVERSED, 0],
  ])("a %s airtime purchase counts %i kobo", (_, status, expected) => {
    const { result, month } = november([airtime(500_00, 490_00, { status })]);
    expect(month.byProduct.airtime).toBe(expected);
    expect(month.totalKobo).toBe(expected);
    expect(result.thisMonthKobo).toBe(expected);
    expect(result.discountKobo).toBe(status === CONFIRMED || status === PENDING ? 10_00 : 0);
  });

  test("status never changes the arithmetic: the balances say what moved", () => {
    // Failed, yet the balances show the charge, and nothing has come back yet.
    const charged = airtime(500_00, 490_00, { status: FAILED });
    expect(spending([charged], NOW).thisMonthKobo).toBe(490_00);
    // Reversed, and the wallet shows the money back since: nothing spent.
    expect(spending([charged], NOW, blank.initialBalanceKobo).thisMonthKobo).toBe(0);
  });

  test("a row without balances falls back to its charge and status", () => {
    const row = (status: number) => airtime(500_00, 490_00, { status, initialBalanceKobo: null, newBalanceKobo: null });
    expect(spending([row(CONFIRMED)], NOW).thisMonthKobo).toBe(490_00);
    expect(spending([row(FAILED)], NOW).thisMonthKobo).toBe(0);
    expect(spending([row(REVERSED)], NOW).thisMonthKobo).toBe(0);
  });

  test.each([
    ["a confirmed funding", funding(5_000_00)],
    ["a pending funding", funding(5_000_00, PENDING)],
    [
      "a funding without a balance change that reads like nothing",
      { ...blank, description: "Wallet funding", subtotal: 1_000_00, amount: 1_000_00 },
    ],
  ])("%s is not spending", (_, row) => {
    const { result, month } = november([row]);
    expect(month.totalKobo).toBe(0);
    expect(result.discountKobo).toBe(0);
    expect(result.pending).toBe(0);
    expect(isStandingPurchase(row)).toBe(false);
  });

  test("a funding whose description names a product is still not spending: the wallet went up", () => {
    const row = { ...funding(1_000_00), plan: "MTN Airtime", phoneNumber: "08011111111" };
    expect(isStandingPurchase(row)).toBe(false);
    expect(november([row]).month.totalKobo).toBe(0);
  });

  test("a purchase whose balances did not move stands but spent nothing from the wallet", () => {
    // As a purchase paid by card: the wallet, and so the statement, never moved.
    const row = { ...airtime(500_00, 490_00), newBalanceKobo: blank.initialBalanceKobo };
    expect(isStandingPurchase(row)).toBe(true);
    expect(november([row]).month.byProduct.airtime).toBe(0);
  });

  test.each([
    ["airtime", airtime(100_00, 98_00)],
    ["data", data(300_00, 294_00)],
    ["cable", cable(19_000_00, 18_810_00)],
    ["electricity", electricity(5_000_00, 4_975_00)],
    ["exam", exam(3_500_00, 3_465_00)],
    ["sms", sms(5_00, 4_96)],
  ] as const)("a %s purchase is counted under its product", (product, row) => {
    const { month } = november([row]);
    expect(month.byProduct[product]).toBe(row.amount);
    for (const other of SPEND_PRODUCTS.filter((name) => name !== product)) expect(month.byProduct[other]).toBe(0);
  });

  test("a debit whose product cannot be told is Other", () => {
    const row = purchase({ description: "Service charge", subtotal: 50_00, amount: 50_00 });
    const { month } = november([row]);
    expect(month.byProduct.other).toBe(50_00);
    expect(month.totalKobo).toBe(50_00);
  });

  test("a debit that reads like two products is Other, not a guess", () => {
    const row = purchase({
      plan: "MTN Airtime",
      description: "MTN airtime and 1GB data to 08011111111",
      phoneNumber: "08011111111",
      subtotal: 700_00,
      amount: 686_00,
    });
    expect(november([row]).month.byProduct.other).toBe(686_00);
  });
});

describe("spending: months", () => {
  test("six Lagos months ending in the month of now, oldest first", () => {
    const { months } = spending([], NOW);
    expect(months.map((month) => month.key)).toEqual([
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(months.map((month) => month.label)).toEqual([
      "Jun 2026",
      "Jul 2026",
      "Aug 2026",
      "Sep 2026",
      "Oct 2026",
      "Nov 2026",
    ]);
    for (const month of months) {
      expect(month.totalKobo).toBe(0);
      expect(Object.keys(month.byProduct).sort()).toEqual([...SPEND_PRODUCTS].sort());
    }
  });

  test.each([
    ["2027-02-10T12:00:00.000Z", ["2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02"]],
    ["2027-01-01T00:00:00.000Z", ["2026-08", "2026-09", "2026-10", "2026-11", "2026-12", "2027-01"]],
    // 23:30 UTC on 31st Dec is 00:30 on 1st Jan in Lagos: already the new year.
    ["2026-12-31T23:30:00.000Z", ["2026-08", "2026-09", "2026-10", "2026-11", "2026-12", "2027-01"]],
    // 22:59 UTC is still 23:59 on the 30th in Lagos.
    ["2026-11-30T22:59:00.000Z", ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]],
    ["2026-11-30T23:00:00.000Z", ["2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12"]],
  ])("now %s: the months are %j", (now, keys) => {
    expect(spending([], new Date(now)).months.map((month) => month.key)).toEqual(keys);
  });

  test("across a new year the labels carry their own year", () => {
    expect(spending([], new Date("2027-02-10T12:00:00.000Z")).months.map((month) => month.label)).toEqual([
      "Sep 2026",
      "Oct 2026",
      "Nov 2026",
      "Dec 2026",
      "Jan 2027",
      "Feb 2027",
    ]);
  });

  test("in Hausa and Pidgin the months are named in the language, each bar's label its month alone", () => {
    const now = new Date("2027-02-10T12:00:00.000Z");
    const hausa = spending([], now, null, 6, "ha").months;
    expect(hausa.map((month) => month.label)).toEqual([
      "Sat 2026",
      "Okt 2026",
      "Nuw 2026",
      "Dis 2026",
      "Jan 2027",
      "Fab 2027",
    ]);
    expect(hausa.map((month) => month.short)).toEqual(["Sat", "Okt", "Nuw", "Dis", "Jan", "Fab"]);
    expect(spending([], now, null, 6, "pcm").months.at(-1)?.label).toBe("Feb 2027");
    expect(spending([], now).months.map((month) => month.short)).toEqual(["Sep", "Oct", "Nov", "Dec", "Jan", "Feb"]);
  });

  test.each([
    // The last day of a month, after 23:00 UTC, is the next month in Lagos.
    ["2026-10-31T23:30:00.000Z", "2026-11"],
    ["2026-10-31T23:00:00.000Z", "2026-11"],
    ["2026-10-31T22:59:59.999Z", "2026-10"],
    ["2026-09-30T23:30:00.000Z", "2026-10"],
    ["2026-06-30T23:30:00.000Z", "2026-07"],
    ["2026-11-01T00:30:00.000Z", "2026-11"],
    // An offset the upstream might send: 00:30 on 1st Nov in Lagos.
    ["2026-11-01T00:30:00+01:00", "2026-11"],
  ])("a purchase at %s belongs to %s", (createdAt, key) => {
    const { months } = spending([airtime(500_00, 490_00, { createdAt })], NOW);
    expect(months.filter((month) => month.totalKobo > 0).map((month) => month.key)).toEqual([key]);
  });

  test("purchases before the six months, in a later month, or with a date that does not parse are left out", () => {
    const rows = [
      airtime(500_00, 490_00, { createdAt: "2026-05-31T22:59:00.000Z" }),
      airtime(600_00, 588_00, { createdAt: "2026-11-30T23:00:00.000Z" }),
      airtime(700_00, 686_00, { createdAt: "not a date" }),
      airtime(800_00, 784_00, { createdAt: "2025-11-20T10:00:00.000Z" }),
    ];
    const result = spendingOf(rows);
    expect(result.months.every((month) => month.totalKobo === 0)).toBe(true);
    expect(result.thisMonthKobo).toBe(0);
    expect(result.discountKobo).toBe(0);
  });

  test("the 31st May at 23:30 UTC is June in Lagos, the first of the six months", () => {
    const result = spending([airtime(500_00, 490_00, { createdAt: "2026-05-31T23:30:00.000Z" })], NOW);
    expect(result.months[0]?.key).toBe("2026-06");
    expect(result.months[0]?.totalKobo).toBe(490_00);
  });

  test("monthCount gives that many months", () => {
    expect(spending([], NOW, null, 3).months.map((month) => month.key)).toEqual(["2026-09", "2026-10", "2026-11"]);
    expect(spending([], NOW, null, 12).months).toHaveLength(12);
    expect(spending([], NOW, null, 12).months[0]?.key).toBe("2025-12");
  });
});

describe("spending: totals", () => {
  const history: TransactionRecord[] = [
    airtime(500_00, 490_00),
    airtime(200_00, 196_00, { status: PENDING }),
    data(1_000_00, 980_00),
    cable(19_000_00, 18_810_00, { createdAt: IN_OCTOBER }),
    electricity(5_000_00, 4_975_00, { createdAt: "2026-08-15T10:00:00.000Z" }),
    airtime(300_00, 294_00, { status: REVERSED }),
    airtime(400_00, 392_00, { status: FAILED, createdAt: IN_OCTOBER }),
    funding(10_000_00),
    purchase({ description: "Service charge", subtotal: 50_00, amount: 50_00 }),
    // Older than the six months: not in the chart or the discount.
    exam(3_500_00, 3_465_00, { createdAt: "2026-04-01T10:00:00.000Z" }),
  ];

  test("each month adds up its products; this month and last month are the last two", () => {
    const result = spendingOf(history);
    const byKey = new Map(result.months.map((month) => [month.key, month]));
    const nothing = Object.fromEntries(SPEND_PRODUCTS.map((product) => [product, 0]));
    expect(byKey.get("2026-11")?.byProduct).toEqual({
      ...nothing,
      airtime: 490_00 + 196_00,
      data: 980_00,
      other: 50_00,
    });
    expect(byKey.get("2026-11")?.totalKobo).toBe(490_00 + 196_00 + 980_00 + 50_00);
    expect(byKey.get("2026-10")?.byProduct.cable).toBe(18_810_00);
    expect(byKey.get("2026-10")?.totalKobo).toBe(18_810_00);
    expect(byKey.get("2026-08")?.byProduct.electricity).toBe(4_975_00);
    expect(byKey.get("2026-09")?.totalKobo).toBe(0);
    expect(result.thisMonthKobo).toBe(490_00 + 196_00 + 980_00 + 50_00);
    expect(result.lastMonthKobo).toBe(18_810_00);
    for (const month of result.months) {
      expect(month.totalKobo).toBe(Object.values(month.byProduct).reduce((sum, kobo) => sum + kobo, 0));
    }
  });

  test("the discount is face value less charge over the six months' standing purchases", () => {
    // 10 + 4 + 20 (Nov) + 190 (Oct) + 25 (Aug); not the reversed, failed or older ones.
    expect(spendingOf(history).discountKobo).toBe(10_00 + 4_00 + 20_00 + 190_00 + 25_00);
  });

  test("a charge above face value (a fee) takes nothing off the discount", () => {
    const result = spendingOf([airtime(500_00, 490_00), airtime(100_00, 110_00)]);
    expect(result.discountKobo).toBe(10_00);
    expect(result.thisMonthKobo).toBe(600_00);
  });

  test("counts the pending purchases in the whole history, not only the six months", () => {
    const rows = [
      ...history,
      data(500_00, 490_00, { status: PENDING, createdAt: "2025-01-10T10:00:00.000Z" }),
      cable(5_500_00, 5_445_00, { status: PENDING, createdAt: "not a date" }),
      // Not purchases, or not standing: not pending purchases either.
      funding(1_000_00, PENDING),
      airtime(100_00, 98_00, { status: FAILED }),
    ];
    expect(spending(rows, NOW).pending).toBe(3);
    expect(spending(history, NOW).pending).toBe(1);
    expect(spending([], NOW).pending).toBe(0);
  });

  test("an empty history is six empty months and nothing pending", () => {
    const result = spending([], NOW);
    expect(result).toMatchObject({ thisMonthKobo: 0, lastMonthKobo: 0, discountKobo: 0, pending: 0 });
    expect(result.months).toHaveLength(6);
  });
});

describe("isStandingPurchase", () => {
  test.each([
    [CONFIRMED, true],
    [PENDING, true],
    [FAILED, false],
    [IGNORED, false],
    [REVERSED, false],
  ])("a wallet purchase with status %i stands: %s", (status, expected) => {
    expect(isStandingPurchase(airtime(500_00, 490_00, { status }))).toBe(expected);
  });
});

describe("shortNaira", () => {
  test.each([
    [0, "₦0"],
    [686_00, "₦686"],
    [999_40, "₦999"],
    [18_810_00, "₦18.8k"],
    [20_000_00, "₦20k"],
    [1_250_000_00, "₦1.3m"],
    [-97_00, "-₦97"],
  ])("%i kobo over a bar is %s", (kobo, label) => {
    expect(shortNaira(kobo)).toBe(label);
  });
});
