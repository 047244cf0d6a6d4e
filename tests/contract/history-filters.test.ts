// The transactions filters (decision 031) against the sandbox's four demo histories as
// call 36 hands them over: the product each row is told to be is the one the sandbox stored,
// and every filter finds what a query of the sandbox's own database finds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { historyProductOf } from "../../app/domain/buy-again.ts";
import { lagosDayStart } from "../../app/domain/dates.ts";
import { HISTORY_PRODUCTS } from "../../app/domain/labels.ts";
import { ledgerOf, moneyByRow } from "../../app/domain/ledger.ts";
import { csvChunks } from "../../app/domain/transaction-csv.ts";
import { filterTransactions, NO_FILTERS, type TransactionFilters } from "../../app/domain/transaction-filters.ts";
import type { TransactionRecord } from "../../app/domain/transactions.ts";
import { parseCsv } from "../../app/domain/csv.ts";
import { csvWords } from "../../app/history/words.ts";
import { transactionListSchema } from "../../app/upstream/schemas.ts";
import { demoAccounts, demoPassword } from "../../sandbox/seed/demo-accounts.ts";
import { logIn } from "../../sandbox/testing/accounts.ts";
import { startTestSandbox, type TestSandbox } from "../../sandbox/testing/sandbox.ts";

type Stored = { ref: string; product: string; status: number; createdAt: string };

let sandbox: TestSandbox;
const histories = new Map<string, { rows: TransactionRecord[]; stored: Stored[] }>();

beforeAll(async () => {
  sandbox = startTestSandbox();
  for (const account of demoAccounts) {
    const token = await logIn(sandbox, account.email, demoPassword);
    const answer = await sandbox.call("GET", "/v1/get-transactions/", { token });
    expect(answer.status).toBe(200);
    const stored = sandbox.db
      .prepare(
        `SELECT t.transaction_ref AS ref, t.product, t.status, t.created_at AS createdAt
         FROM transactions t JOIN users u ON u.id = t.user_id WHERE u.email = ?`,
      )
      .all(account.email)
      .map((row) => ({
        ref: String(row["ref"]),
        product: String(row["product"]),
        status: Number(row["status"]),
        createdAt: String(row["createdAt"]),
      }));
    histories.set(account.email, { rows: transactionListSchema.parse(answer.body), stored });
  }
});

afterAll(() => {
  sandbox.close();
});

const emails = demoAccounts.map((account) => account.email);

function history(email: string): { rows: TransactionRecord[]; stored: Stored[] } {
  const found = histories.get(email);
  if (found === undefined) throw new Error(`no history for ${email}`);
  return found;
}

function refs(rows: readonly { reference: string }[]): string[] {
  return rows.map((row) => row.reference).sort();
}

function storedRefs(stored: readonly Stored[]): string[] {
  return stored.map((row) => row.ref).sort();
}

const filters = (changes: Partial<TransactionFilters>): TransactionFilters => ({ ...NO_FILTERS, ...changes });

describe.each(emails)("the demo history of %s", (email) => {
  it("tells every row's product as the sandbox stored it", () => {
    const { rows, stored } = history(email);
    expect(rows.length).toBeGreaterThan(30);
    const productOfRef = new Map(stored.map((row) => [row.ref, row.product]));
    const mismatches = rows.filter((row) => historyProductOf(row) !== productOfRef.get(row.reference));
    expect(mismatches.map((row) => `${row.reference}: ${row.plan} | ${row.description}`)).toEqual([]);
  });

  it.each(HISTORY_PRODUCTS)("finds the %s rows and only those", (product) => {
    const { rows, stored } = history(email);
    expect(refs(filterTransactions(rows, filters({ product })))).toEqual(
      storedRefs(stored.filter((row) => row.product === product)),
    );
  });

  it.each([0, 1, 2, 3, 4])("finds the rows of status %i", (status) => {
    const { rows, stored } = history(email);
    expect(refs(filterTransactions(rows, filters({ status })))).toEqual(
      storedRefs(stored.filter((row) => row.status === status)),
    );
  });

  it("finds a month of Lagos days, both ends included, as the database's UTC times say", () => {
    const { rows, stored } = history(email);
    // The sandbox's clock stands at 2 Mar 2026; the history runs six months back from it.
    for (const [from, to] of [
      ["2026-01-01", "2026-01-31"],
      ["2025-10-15", "2025-11-14"],
      ["2026-03-02", "2026-03-02"],
    ] as const) {
      const start = new Date(lagosDayStart(from) ?? 0).toISOString();
      const end = new Date((lagosDayStart(to) ?? 0) + 24 * 60 * 60 * 1000).toISOString();
      const expected = stored.filter((row) => row.createdAt >= start && row.createdAt < end);
      expect(refs(filterTransactions(rows, filters({ from, to }))), `${from} to ${to}`).toEqual(storedRefs(expected));
    }
  });

  it("finds a row by its reference and by its phone typed as people type it", () => {
    const { rows } = history(email);
    const withPhone = rows.find((row) => /^0\d{10}$/.test(row.phoneNumber));
    expect(withPhone).toBeDefined();
    const phone = withPhone?.phoneNumber ?? "";
    const spaced = `+234 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    const byPhone = filterTransactions(rows, filters({ search: spaced }));
    expect(byPhone.map((row) => row.reference)).toContain(withPhone?.reference);
    expect(byPhone.every((row) => `${row.phoneNumber} ${row.description}`.includes(phone))).toBe(true);

    const reference = rows[rows.length - 1]?.reference ?? "";
    expect(refs(filterTransactions(rows, filters({ search: reference.toLowerCase() })))).toEqual([reference]);
  });

  it("exports a CSV that reads back as the filtered rows, ₦ and all", () => {
    const { rows } = history(email);
    const found = filterTransactions(rows, filters({ product: "airtime" }));
    const parsed = parseCsv([...csvChunks(found, moneyByRow(ledgerOf(rows)), csvWords())].join(""));
    expect(parsed).toHaveLength(found.length + 1);
    expect(parsed.slice(1).map((fields) => fields[5])).toEqual(found.map((row) => row.description));
    expect(parsed.slice(1).every((fields) => fields[5]?.startsWith("₦"))).toBe(true);
  });
});
