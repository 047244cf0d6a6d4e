import { describe, expect, it } from "vitest";
import {
  cutText,
  nextDirection,
  pageOf,
  parseListQuery,
  sortTransactions,
  tokenFromDescription,
  type TransactionRecord,
} from "./transactions.ts";

function row(id: number, overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  return {
    id,
    transaction_ref: `PV${id}`,
    plan: "",
    phone_number: "",
    smart_no: "",
    meter_no: "",
    description: "",
    description2: "",
    response: "",
    subtotal: 0,
    amount: 0,
    exam_card: "",
    token: "",
    initial_balance: 0,
    new_balance: 0,
    status: 1,
    created_at: "2024-01-01T00:00:00Z",
    ...overrides,
  };
}

describe("parseListQuery", () => {
  it.each([
    ["", { sort: "created_at", dir: "desc", page: 1 }],
    ["sort=subtotal&dir=asc&page=2", { sort: "subtotal", dir: "asc", page: 2 }],
    ["sort=password&dir=up&page=-3", { sort: "created_at", dir: "desc", page: 1 }],
    ["sort=status&page=1.5", { sort: "status", dir: "desc", page: 1 }],
    ["sort=__proto__", { sort: "created_at", dir: "desc", page: 1 }],
  ])("reads %j", (search, expected) => {
    expect(parseListQuery(new URLSearchParams(search))).toEqual(expected);
  });
});

describe("sortTransactions", () => {
  const rows = [
    row(1, { subtotal: 50_000, plan: "b", created_at: "2024-01-02T00:00:00Z" }),
    row(2, { subtotal: 1_000, plan: "A", created_at: "2024-03-01T00:00:00Z" }),
    row(3, { subtotal: 20_000, plan: "c", created_at: "2024-02-01T00:00:00Z" }),
  ];

  it.each([
    ["subtotal", "asc", [2, 3, 1]],
    ["subtotal", "desc", [1, 3, 2]],
    ["plan", "asc", [2, 1, 3]],
    ["created_at", "desc", [2, 3, 1]],
    ["created_at", "asc", [1, 3, 2]],
  ] as const)("by %s %s", (sort, dir, ids) => {
    expect(sortTransactions(rows, sort, dir).map((item) => item.id)).toEqual(ids);
  });

  it("keeps the upstream's order among equal values", () => {
    const equal = [row(7, { status: 1 }), row(5, { status: 1 }), row(6, { status: 1 })];
    expect(sortTransactions(equal, "status", "desc").map((item) => item.id)).toEqual([7, 5, 6]);
  });

  it("sorts numbers inside references naturally", () => {
    const refs = [row(1, { transaction_ref: "PV10" }), row(2, { transaction_ref: "PV9" })];
    expect(sortTransactions(refs, "transaction_ref", "asc").map((item) => item.id)).toEqual([2, 1]);
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
    [{ sort: "subtotal", dir: "asc", page: 1 }, "created_at", "desc"],
  ] as const)("from %o, %s goes %s", (query, column, expected) => {
    expect(nextDirection(query, column)).toBe(expected);
  });
});
