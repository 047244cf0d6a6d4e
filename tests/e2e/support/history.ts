import { DatabaseSync } from "node:sqlite";
import { expect, type Locator, type Page } from "@playwright/test";
import { type NewTransaction, recordTransaction } from "../../../sandbox/money/transactions.ts";
import { whenInteractive } from "./page.ts";
import { mainSandboxDb } from "./portals.ts";
import { sandboxDatabase, userId } from "./sandbox.ts";

// A buyer's transactions: history rows written straight into the sandbox's SQLite file, worded
// as the sandbox or a real upstream words them (decision 027), a pending purchase found there and
// the moment the simulated biller settles it moved (decision 033); and the transactions table
// and the receipt, read as a person reads them.

export type HistoryRow = Omit<NewTransaction, "userId" | "createdAt" | "status" | "amountKobo"> & {
  status?: 0 | 1 | 2 | 3;
  /** When it was bought, for a row further back than now (toISOString's format). */
  createdAt?: string;
};

/**
 * Records `rows` for the account, oldest first, so the last one is the newest; a millisecond
 * apart and ending now, so they are newer than the wallet's funding, unless a row names its
 * own time. Confirmed unless a row says otherwise. `path` is another sandbox's file (the fault upstream's).
 */
export function recordHistory(email: string, rows: readonly HistoryRow[], path?: string): void {
  const db = sandboxDatabase(path);
  try {
    const id = userId(db, email);
    const start = Date.now() - rows.length;
    rows.forEach(({ status = 1, ...row }, index) => {
      const recorded = recordTransaction(db, {
        ...row,
        userId: id,
        amountKobo: row.subtotalKobo,
        status,
        createdAt: row.createdAt ?? new Date(start + index).toISOString(),
      });
      if (!recorded.ok) throw new Error(`could not record ${row.description} for ${email}`);
    });
  } finally {
    db.close();
  }
}

/** The buyer's newest purchase (pending only, when asked): its id (the receipt's address) and reference. */
export function newestPurchase(
  email: string,
  { pending = false, database }: { pending?: boolean; database?: string } = {},
): { id: number; reference: string } {
  const db = sandboxDatabase(database);
  try {
    const row = db
      .prepare(
        `SELECT t.id, t.transaction_ref FROM transactions t JOIN users u ON u.id = t.user_id
         WHERE u.email = ? AND t.product <> 'funding' ${pending ? "AND t.status = 0" : ""}
         ORDER BY t.id DESC LIMIT 1`,
      )
      .get(email);
    if (row === undefined) throw new Error(`no ${pending ? "pending " : ""}purchase for ${email}`);
    return { id: Number(row["id"]), reference: String(row["transaction_ref"]) };
  } finally {
    db.close();
  }
}

export const HOLD_PENDING_MS = 60 * 60_000;

/**
 * When the biller settles the purchase, `offsetMs` from now. docs/sandbox.md "Sandbox test values": a
 * minute after it was made, and the portal's embedded sandbox (and the fault upstream's)
 * takes no other delay, so the tests move the moment in the sandbox's file instead. An hour
 * ahead keeps it pending however slow the run; in the past makes it due, so the next read of
 * the buyer's transactions settles it, as the sandbox's own timer would.
 */
export function settleIn(id: number, offsetMs: number, database?: string): void {
  const db = sandboxDatabase(database);
  try {
    const result = db
      .prepare("UPDATE transactions SET settle_at = ? WHERE id = ? AND settle_at IS NOT NULL")
      .run(new Date(Date.now() + offsetMs).toISOString(), id);
    expect(Number(result.changes), `transaction ${id} is waiting to settle`).toBe(1);
  } finally {
    db.close();
  }
}

// The sandbox's own record of a transaction, read from its database file (the one
// playwright.config.ts gives the server), to compare what a page shows with what is stored.

export type StoredTransaction = {
  id: number;
  description: string;
  smartNo: string;
  meterNo: string;
  amountKobo: number;
  subtotalKobo: number;
  status: number;
  createdAt: string;
};

export function storedTransaction(reference: string): StoredTransaction {
  const db = new DatabaseSync(mainSandboxDb(), { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const row = db
      .prepare(
        `SELECT id, description, smart_no, meter_no, amount_kobo, subtotal_kobo, status, created_at
         FROM transactions WHERE transaction_ref = ?`,
      )
      .get(reference);
    if (row === undefined) throw new Error(`no transaction ${reference} in the sandbox`);
    return {
      id: Number(row["id"]),
      description: String(row["description"]),
      smartNo: String(row["smart_no"]),
      meterNo: String(row["meter_no"]),
      amountKobo: Number(row["amount_kobo"]),
      subtotalKobo: Number(row["subtotal_kobo"]),
      status: Number(row["status"]),
      createdAt: String(row["created_at"]),
    };
  } finally {
    db.close();
  }
}

// The transactions table (app/routes/dashboard/transactions/route.tsx).

/** The five transaction statuses, in code order (0 to 4; docs/upstream-api.md). */
export const STATUS_LABELS = ["Pending", "Confirmed", "Failed", "Ignored", "Reversed"] as const;

export function statusCode(label: string): number {
  const code = STATUS_LABELS.findIndex((status) => status === label);
  if (code === -1) throw new Error(`not a status label: ${label}`);
  return code;
}

export function transactionsTable(page: Page): Locator {
  return page.getByRole("region", { name: "Transactions table" }).getByRole("table");
}

/** The body rows: not the header row, nor the row under each that holds its Details (decision 042). */
export function bodyRows(page: Page): Locator {
  return transactionsTable(page).locator("tbody > tr:not(.row-more)");
}

/** The body rows whose Details (the row under each, decision 042) mention `text`. */
export function rowsMentioning(page: Page, text: string): Locator {
  return transactionsTable(page)
    .locator("tbody > tr.row-more")
    .filter({ hasText: text })
    .locator("xpath=preceding-sibling::tr[1]");
}

export function columnHeader(page: Page, name: string): Locator {
  return transactionsTable(page).getByRole("columnheader", { name, exact: true });
}

async function columnIndex(page: Page, name: string): Promise<number> {
  // innerText includes the ▲/▼ the sorted column shows (hidden from assistive technology).
  const headers = (await transactionsTable(page).getByRole("columnheader").allInnerTexts()).map((text) =>
    text.replace(/[▲▼]/g, "").trim(),
  );
  const index = headers.indexOf(name);
  if (index === -1) throw new Error(`no column ${name} in ${headers.join(" | ")}`);
  return index;
}

/**
 * A body row's cell in the named column; for a column the table keeps in each row's Details
 * (decision 042), its value there, with the row's Details opened.
 */
export async function cellIn(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = (await transactionsTable(page).getByRole("columnheader").allInnerTexts()).map((text) =>
    text.replace(/[▲▼]/g, "").trim(),
  );
  if (headers.includes(column)) return row.getByRole("cell").nth(await columnIndex(page, column));
  const details = row.locator("+ tr.row-more details.row-details");
  if ((await details.getAttribute("open")) === null) {
    const summary = details.locator(":scope > summary");
    await whenInteractive(summary);
    await summary.click();
    await expect(details).toHaveAttribute("open", "");
  }
  return details
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(column, { exact: true }) })
    .locator("dd");
}

/** The visible text of one column, top to bottom, on the page shown. */
export async function columnValues(page: Page, column: string): Promise<string[]> {
  const index = await columnIndex(page, column);
  const values: string[] = [];
  for (const row of await bodyRows(page).all()) {
    values.push((await row.getByRole("cell").nth(index).innerText()).trim());
  }
  return values;
}

export function isSorted(values: readonly number[], direction: "asc" | "desc"): boolean {
  return values.every((value, index) => {
    const previous = values[index - 1];
    return previous === undefined || (direction === "asc" ? previous <= value : previous >= value);
  });
}

// The receipt: the link to it, and its description list, each term (dt) with its one definition (dd).

export function receiptLink(scope: Locator | Page): Locator {
  return scope.getByRole("link", { name: /^Receipt for / });
}

export async function receiptEntries(page: Page): Promise<Map<string, string>> {
  const receipt = page.getByRole("article", { name: /receipt$/ });
  // With JavaScript the address changes a moment before the receipt renders: wait for it.
  await expect(receipt.getByRole("term").first()).toBeVisible();
  const terms = await receipt.getByRole("term").allInnerTexts();
  const definitions = await receipt.getByRole("definition").allInnerTexts();
  expect(definitions, "one definition per term").toHaveLength(terms.length);
  return new Map(terms.map((term, index) => [term.trim(), (definitions[index] ?? "").trim()]));
}
