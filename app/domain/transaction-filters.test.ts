import { describe, expect, it } from "vitest";
import {
  FILTER_PROBLEMS,
  filterEntries,
  filterTransactions,
  hasFilters,
  listSearch,
  NO_FILTERS,
  parseFilters,
  searchTerms,
  statusParam,
  type TransactionFilters,
} from "./transaction-filters.ts";
import type { TransactionRecord } from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

const row = transactionRecord;

const filters = (changes: Partial<TransactionFilters>): TransactionFilters => ({ ...NO_FILTERS, ...changes });

describe("parseFilters", () => {
  it.each([
    ["", NO_FILTERS, {}],
    ["q=&product=&status=&from=&to=", NO_FILTERS, {}],
    ["q=%20%20MTN%20%20%20airtime%20", filters({ search: "MTN airtime" }), {}],
    ["product=cable&status=pending", filters({ product: "cable", status: 0 }), {}],
    ["product=funding&status=reversed", filters({ product: "funding", status: 4 }), {}],
    ["from=2026-01-01&to=2026-01-31", filters({ from: "2026-01-01", to: "2026-01-31" }), {}],
    ["from=2026-01-31&to=2026-01-31", filters({ from: "2026-01-31", to: "2026-01-31" }), {}],
    ["from=2026-02-01", filters({ from: "2026-02-01" }), {}],
    // Bad fields are left out, each with its message; the others still apply.
    ["product=gold&status=confirmed", filters({ status: 1 }), { product: FILTER_PROBLEMS.unknownProduct }],
    ["status=1&product=data", filters({ product: "data" }), { status: FILTER_PROBLEMS.unknownStatus }],
    ["status=__proto__", NO_FILTERS, { status: FILTER_PROBLEMS.unknownStatus }],
    ["from=2026-02-30&to=2026-03-01", filters({ to: "2026-03-01" }), { from: FILTER_PROBLEMS.notADay }],
    ["from=2026-13-01", NO_FILTERS, { from: FILTER_PROBLEMS.notADay }],
    // Typed day first where no date picker helps (decision 046).
    ["to=31/01/2026", filters({ to: "2026-01-31" }), {}],
    ["from=1/1/2026&to=31.01.2026", filters({ from: "2026-01-01", to: "2026-01-31" }), {}],
    ["from=31/01/2026&to=01/01/2026", NO_FILTERS, { to: FILTER_PROBLEMS.toBeforeFrom }],
    ["to=31/02/2026", NO_FILTERS, { to: FILTER_PROBLEMS.notADay }],
    ["to=01/31/2026", NO_FILTERS, { to: FILTER_PROBLEMS.notADay }],
    ["to=2026-1-5", NO_FILTERS, { to: FILTER_PROBLEMS.notADay }],
    ["from=0099-01-01", NO_FILTERS, { from: FILTER_PROBLEMS.notADay }],
    ["from=2026-03-01&to=2026-02-01&status=failed", filters({ status: 2 }), { to: FILTER_PROBLEMS.toBeforeFrom }],
    [`q=${"x".repeat(500)}&product=sms`, filters({ product: "sms" }), { search: FILTER_PROBLEMS.searchTooLong }],
  ])("reads %j", (search, expected, errors) => {
    const parsed = parseFilters(new URLSearchParams(search));
    expect(parsed.filters).toEqual(expected);
    expect(parsed.errors).toEqual(errors);
  });

  it("reads exactly 100 characters, counting ₦ as one", () => {
    expect(parseFilters(new URLSearchParams({ q: "₦".repeat(100) })).filters.search).toBe("₦".repeat(100));
    expect(parseFilters(new URLSearchParams({ q: "₦".repeat(101) })).errors.search).toBe(FILTER_PROBLEMS.searchTooLong);
  });

  it("gives the form back what was sent, bad values too", () => {
    const typed = parseFilters(new URLSearchParams("q=abc&product=gold&from=2026-02-30")).typed;
    expect(typed).toEqual({ search: "abc", product: "gold", status: "", from: "2026-02-30", to: "" });
  });

  it("gives the form a day typed day first as a date picker shows it", () => {
    const typed = parseFilters(new URLSearchParams("from=1/1/2026&to=31/02/2026")).typed;
    expect(typed).toEqual({ search: "", product: "", status: "", from: "2026-01-01", to: "31/02/2026" });
  });

  it("reads back the address it writes", () => {
    const all = filters({ search: "MTN 500", product: "exam", status: 3, from: "2026-01-01", to: "2026-02-01" });
    expect(parseFilters(new URLSearchParams(filterEntries(all))).filters).toEqual(all);
  });
});

describe("statusParam", () => {
  it.each([
    [0, "pending"],
    [1, "confirmed"],
    [2, "failed"],
    [3, "ignored"],
    [4, "reversed"],
  ])("status %i is ?status=%s", (status, param) => {
    expect(statusParam(status)).toBe(param);
  });
});

describe("listSearch", () => {
  it("keeps the address a list without filters always had", () => {
    expect(listSearch({ sort: "createdAt", dir: "desc", page: 2 }, NO_FILTERS)).toBe(
      "?sort=created_at&dir=desc&page=2",
    );
  });

  it("adds the filters that apply, and no page for the CSV", () => {
    expect(listSearch({ sort: "subtotal", dir: "asc" }, filters({ search: "a&b", status: 0, to: "2026-01-31" }))).toBe(
      "?sort=subtotal&dir=asc&q=a%26b&status=pending&to=2026-01-31",
    );
  });
});

describe("hasFilters", () => {
  it.each([
    [NO_FILTERS, false],
    [filters({ search: "x" }), true],
    [filters({ status: 0 }), true],
    [filters({ product: "airtime" }), true],
    [filters({ from: "2026-01-01" }), true],
    [filters({ to: "2026-01-01" }), true],
  ])("%j is %s", (given, expected) => {
    expect(hasFilters(given)).toBe(expected);
  });
});

describe("searchTerms", () => {
  it.each([
    ["", { words: [], number: null }],
    ["MTN Airtime", { words: ["mtn", "airtime"], number: null }],
    ["0803 123 4567", { words: [], number: "08031234567" }],
    ["+234 803 123 4567", { words: [], number: "08031234567" }],
    ["2348031234567", { words: [], number: "08031234567" }],
    ["1234-5678", { words: [], number: "12345678" }],
    ["PV2026", { words: ["pv2026"], number: null }],
    ["₦1,000", { words: ["₦1,000"], number: null }],
  ])("reads %j", (search, expected) => {
    expect(searchTerms(search)).toEqual(expected);
  });
});

describe("filterTransactions", () => {
  // Rows as the sandbox's demo history words them (sandbox/seed/history-products.ts).
  const history = [
    row(1, {
      plan: "MTN Airtime",
      phoneNumber: "08031234567",
      description: "₦500.00 MTN airtime to 08031234567",
      status: 1,
      createdAt: "2026-01-31T22:59:59Z", // 11:59:59 pm on 31st Jan in Lagos
    }),
    row(2, {
      plan: "1GB - 30 days",
      phoneNumber: "08051112222",
      description: "Glo 1GB - 30 days data bundle to 08051112222",
      status: 2,
      createdAt: "2026-01-31T23:00:00Z", // midnight: 1st Feb in Lagos
    }),
    row(3, {
      plan: "DStv Compact",
      phoneNumber: "08050000003",
      smartNo: "7023456789",
      description: "DStv Compact renewal for smart card 7023456789",
      description2: "Customer: NGOZI EZE",
      createdAt: "2025-12-31T23:00:00Z", // midnight: 1st Jan in Lagos
    }),
    row(4, {
      plan: "Prepaid",
      phoneNumber: "08050000003",
      meterNo: "04123456789",
      description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
      token: "1234-5678-9012-3456-7890",
      status: 0,
    }),
    row(5, {
      plan: "Bank transfer",
      description: "Wallet funding of ₦20,000.00 by transfer to your Wema Bank reserved account",
      status: 4,
    }),
    row(6, { reference: "PV20260115ABCDEF", plan: "WAEC Result Checker PIN", phoneNumber: "08050000003" }),
    row(7, { plan: "Bulk SMS", description: "Bulk SMS from ESTATEMEET to 12 numbers: <b>Hello</b>" }),
  ];
  const ids = (found: TransactionRecord[]) => found.map((item) => item.id);

  it.each([
    ["no filters", NO_FILTERS, [1, 2, 3, 4, 5, 6, 7]],
    ["airtime", filters({ product: "airtime" }), [1]],
    ["data", filters({ product: "data" }), [2]],
    ["cable TV", filters({ product: "cable" }), [3]],
    ["electricity", filters({ product: "electricity" }), [4]],
    ["exam pins", filters({ product: "exam" }), [6]],
    ["bulk SMS", filters({ product: "sms" }), [7]],
    ["wallet funding", filters({ product: "funding" }), [5]],
    ["pending", filters({ status: 0 }), [4]],
    ["failed", filters({ status: 2 }), [2]],
    ["reversed funding", filters({ status: 4, product: "funding" }), [5]],
    ["confirmed data", filters({ status: 1, product: "data" }), []],
    // The range is Lagos days, both ends included.
    ["31st Jan in Lagos", filters({ from: "2026-01-31", to: "2026-01-31" }), [1]],
    ["from 1st Feb", filters({ from: "2026-02-01" }), [2]],
    ["up to 1st Jan", filters({ to: "2026-01-01" }), [3]],
    ["January", filters({ from: "2026-01-01", to: "2026-01-31" }), [1, 3, 4, 5, 6, 7]],
    ["a reference, in any case", filters({ search: "pv20260115abc" }), [6]],
    ["a phone typed with spaces", filters({ search: "0803 123 4567" }), [1]],
    ["a phone as +234", filters({ search: "+2348051112222" }), [2]],
    ["a smart card", filters({ search: "7023456789" }), [3]],
    ["a meter", filters({ search: "04123456789" }), [4]],
    ["a token without its dashes", filters({ search: "12345678901234567890" }), [4]],
    ["a token with them", filters({ search: "3456-7890" }), [4]],
    ["a plan", filters({ search: "compact" }), [3]],
    ["a customer in description 2", filters({ search: "ngozi" }), [3]],
    ["words in any order", filters({ search: "airtime mtn" }), [1]],
    ["words that must all appear", filters({ search: "mtn glo" }), []],
    ["HTML as text", filters({ search: "<b>hello" }), [7]],
    ["a number in a description", filters({ search: "20,000" }), [5]],
    ["nothing", filters({ search: "nothing like this" }), []],
  ])("%s", (_name, given, expected) => {
    expect(ids(filterTransactions(history, given))).toEqual(expected);
  });

  it.each([
    ["a saved name finds its phone's purchases", "mama nkechi", ["08050000003"], [3, 4, 6]],
    ["and its meter's, beside what the words find", "compact", ["04123456789"], [3, 4]],
    ["within the other filters", "mama", ["08031234567", "08051112222"], [1]],
    ["no saved name: the words alone", "ngozi", [], [3]],
  ])("%s", (_name, search, named, expected) => {
    const given = filters({ search, status: search === "mama" ? 1 : null });
    expect(ids(filterTransactions(history, given, named))).toEqual(expected);
  });

  it("leaves out a row whose date cannot be read when a range is asked for", () => {
    const broken = [row(1, { createdAt: "" }), row(2, { createdAt: "2026-01-15T10:00:00Z" })];
    expect(ids(filterTransactions(broken, filters({ from: "2026-01-01" })))).toEqual([2]);
    expect(ids(filterTransactions(broken, NO_FILTERS))).toEqual([1, 2]);
  });

  it("keeps 10,000 rows in their order and copies nothing but the list", () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      row(index, { status: index % 5, createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString() }),
    );
    const found = filterTransactions(many, filters({ status: 3 }));
    expect(found).toHaveLength(2_000);
    expect(found[0]).toBe(many[3]);
    expect(ids(found).every((id, index, all) => index === 0 || id > (all[index - 1] ?? 0))).toBe(true);
  });
});
