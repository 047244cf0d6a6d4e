import { describe, expect, it } from "vitest";
import {
  cutText,
  nextDirection,
  pageOf,
  parseListQuery,
  SORT_COLUMNS,
  type SortColumn,
  sortParam,
  sortTransactions,
  tokenFromDescription,
  type TransactionRecord,
} from "./transactions.ts";
import { transactionRecord } from "./transaction-record.test-support.ts";

function row(id: number, overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  return transactionRecord(id, { createdAt: "2024-01-01T00:00:00Z", ...overrides });
}

describe("parseListQuery", () => {
  it.each([
    ["", { sort: "createdAt", dir: "desc", page: 1 }],
    ["sort=subtotal&dir=asc&page=2", { sort: "subtotal", dir: "asc", page: 2 }],
    ["sort=password&dir=up&page=-3", { sort: "createdAt", dir: "desc", page: 1 }],
    ["sort=status&page=1.5", { sort: "status", dir: "desc", page: 1 }],
    ["sort=__proto__", { sort: "createdAt", dir: "desc", page: 1 }],
    ["sort=transaction_ref&dir=asc", { sort: "reference", dir: "asc", page: 1 }],
    ["sort=initial_balance", { sort: "initialBalanceKobo", dir: "desc", page: 1 }],
    ["sort=createdAt", { sort: "createdAt", dir: "desc", page: 1 }],
    ["sort=reference", { sort: "createdAt", dir: "desc", page: 1 }],
  ])("reads %j", (search, expected) => {
    expect(parseListQuery(new URLSearchParams(search))).toEqual(expected);
  });

  it.each(SORT_COLUMNS)("reads back the address it writes for %s", (column) => {
    expect(parseListQuery(new URLSearchParams({ sort: sortParam(column) })).sort).toBe(column);
  });
});

describe("sortParam", () => {
  it.each([
    ["reference", "transaction_ref"],
    ["phoneNumber", "phone_number"],
    ["smartNo", "smart_no"],
    ["meterNo", "meter_no"],
    ["examCard", "exam_card"],
    ["initialBalanceKobo", "initial_balance"],
    ["newBalanceKobo", "new_balance"],
    ["createdAt", "created_at"],
    ["subtotal", "subtotal"],
    ["amount", "amount"],
  ] as const)("writes %s as ?sort=%s, as links always did", (column, param) => {
    expect(sortParam(column)).toBe(param);
  });
});

describe("sortTransactions", () => {
  const rows = [
    row(1, { subtotal: 50_000, plan: "b", createdAt: "2024-01-02T00:00:00Z" }),
    row(2, { subtotal: 1_000, plan: "A", createdAt: "2024-03-01T00:00:00Z" }),
    row(3, { subtotal: 20_000, plan: "c", createdAt: "2024-02-01T00:00:00Z" }),
  ];

  it.each([
    ["subtotal", "asc", [2, 3, 1]],
    ["subtotal", "desc", [1, 3, 2]],
    ["plan", "asc", [2, 1, 3]],
    ["createdAt", "desc", [2, 3, 1]],
    ["createdAt", "asc", [1, 3, 2]],
  ] as const)("by %s %s", (sort, dir, ids) => {
    expect(sortTransactions(rows, sort, dir).map((item) => item.id)).toEqual(ids);
  });

  it("keeps the upstream's order among equal values", () => {
    const equal = [row(7, { status: 1 }), row(5, { status: 1 }), row(6, { status: 1 })];
    expect(sortTransactions(equal, "status", "desc").map((item) => item.id)).toEqual([7, 5, 6]);
  });

  it("sorts numbers inside references naturally", () => {
    const refs = [row(1, { reference: "PV10" }), row(2, { reference: "PV9" })];
    expect(sortTransactions(refs, "reference", "asc").map((item) => item.id)).toEqual([2, 1]);
  });
});

describe("sortTransactions on every sortable column", () => {
  // Three rows in the upstream's order (newest first). For every column their values sort
  // ascending as 2, 3, 1, an order that neither the input, its reverse, nor a plain
  // character-by-character comparison gives.
  const KIND = {
    reference: "text",
    plan: "text",
    phoneNumber: "text",
    smartNo: "text",
    meterNo: "text",
    description: "text",
    description2: "text",
    response: "text",
    subtotal: "number",
    amount: "number",
    examCard: "text",
    token: "text",
    initialBalanceKobo: "number",
    newBalanceKobo: "number",
    status: "number",
    createdAt: "date",
  } as const satisfies Record<SortColumn, "number" | "date" | "text">;

  const VALUES = {
    // 9 < 10 < 100; as text "10" < "100" < "9".
    number: { 1: 100, 2: 9, 3: 10 },
    // In time: 23:10 UTC on 29 Feb (written as 00:10 on 1 Mar in Lagos), 23:30 UTC, then
    // 2 Mar; as text the Lagos one would come second.
    date: { 1: "2024-03-02T08:00:00Z", 2: "2024-03-01T00:10:00+01:00", 3: "2024-02-29T23:30:00Z" },
    // Naturally, ignoring case: 2 < 10 < 100; as text "REF 100" < "Ref 10" < "ref 2", and
    // ignoring only case "ref 10" < "ref 100" < "ref 2".
    text: { 1: "REF 100", 2: "ref 2", 3: "Ref 10" },
  } as const;

  function rowsFor(column: SortColumn): TransactionRecord[] {
    const values = VALUES[KIND[column]];
    return ([1, 2, 3] as const).map((id) => row(id, { [column]: values[id] }));
  }

  it.each(
    SORT_COLUMNS.flatMap((column) => [
      [column, KIND[column], "asc", [2, 3, 1]] as const,
      [column, KIND[column], "desc", [1, 3, 2]] as const,
    ]),
  )("orders %s (%s) %s", (column, _kind, dir, ids) => {
    expect(sortTransactions(rowsFor(column), column, dir).map((item) => item.id)).toEqual(ids);
  });

  it("puts a row without balances before the rows with them, ascending", () => {
    const rows = [row(1, { newBalanceKobo: 5 }), row(2, { newBalanceKobo: null }), row(3, { newBalanceKobo: 1 })];
    expect(sortTransactions(rows, "newBalanceKobo", "asc").map((item) => item.id)).toEqual([2, 3, 1]);
    expect(sortTransactions(rows, "newBalanceKobo", "desc").map((item) => item.id)).toEqual([1, 3, 2]);
  });

  it("shows the newest first when the address names no order", () => {
    const query = parseListQuery(new URLSearchParams(""));
    expect(sortTransactions(rowsFor("createdAt"), query.sort, query.dir).map((item) => item.id)).toEqual([1, 3, 2]);
  });
});

describe("pageOf", () => {
  const sixty = Array.from({ length: 60 }, (_, index) => index);
  it.each([
    [1, 0, 25],
    [2, 25, 25],
    [3, 50, 10],
    [9, 50, 10],
  ])("page %i starts at item %i and holds %i", (page, first, count) => {
    const result = pageOf(sixty, page);
    expect(result.rows[0]).toBe(first);
    expect(result.rows).toHaveLength(count);
    expect(result.pageCount).toBe(3);
    expect(result.total).toBe(60);
  });

  it("has one empty page for no rows", () => {
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe("cutText", () => {
  it.each([
    ["short", null],
    ["x".repeat(40), null],
    ["x".repeat(41), `${"x".repeat(40)}…`],
    ["₦".repeat(45), `${"₦".repeat(40)}…`],
  ])("cuts %j", (text, expected) => {
    expect(cutText(text)).toBe(expected);
  });
});

describe("tokenFromDescription", () => {
  it.each([
    ["IKEDC prepaid token: 1234-5678-9012-3456-7890", "1234-5678-9012-3456-7890"],
    ["Token: 1111: with a colon", "1111: with a colon"],
    ["No token here", ""],
    ["", ""],
  ])("reads %j", (description, expected) => {
    expect(tokenFromDescription(description)).toBe(expected);
  });
});

describe("nextDirection", () => {
  it.each([
    [{ sort: "subtotal", dir: "asc", page: 1 }, "subtotal", "desc"],
    [{ sort: "subtotal", dir: "desc", page: 1 }, "subtotal", "asc"],
    [{ sort: "subtotal", dir: "desc", page: 1 }, "plan", "asc"],
    [{ sort: "subtotal", dir: "asc", page: 1 }, "createdAt", "desc"],
  ] as const)("from %o, %s goes %s", (query, column, expected) => {
    expect(nextDirection(query, column)).toBe(expected);
  });
});
