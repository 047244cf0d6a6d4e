import { expect, type Locator, type Page } from "@playwright/test";
import { recordTransaction } from "../../../sandbox/money/transactions.ts";
import { whenInteractive } from "../support/page.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";

// Shared pieces of the history tests (tests/e2e/history/find.spec.ts, decision 031): an account's
// history as the sandbox stores it, written independently of app/domain so the tests check
// the portal rather than repeat it, and the transactions page's Find form.

export type StoredRow = {
  reference: string;
  product: string;
  status: number;
  createdAt: string;
  plan: string;
  phoneNumber: string;
  smartNo: string;
  meterNo: string;
  token: string;
  description: string;
  description2: string;
  subtotalKobo: number;
  initialBalanceKobo: number;
  newBalanceKobo: number;
};

/** Every transaction of the account, oldest first (the id breaks ties, as the sandbox does). */
export function storedHistory(email: string): StoredRow[] {
  const db = sandboxDatabase();
  try {
    return db
      .prepare(
        `SELECT transaction_ref, product, status, created_at, plan, phone_number, smart_no, meter_no, token,
                description, description2, subtotal_kobo, initial_balance_kobo, new_balance_kobo
         FROM transactions WHERE user_id = ? ORDER BY created_at, id`,
      )
      .all(userId(db, email))
      .map((row) => ({
        reference: String(row["transaction_ref"]),
        product: String(row["product"]),
        status: Number(row["status"]),
        createdAt: String(row["created_at"]),
        plan: String(row["plan"]),
        phoneNumber: String(row["phone_number"]),
        smartNo: String(row["smart_no"]),
        meterNo: String(row["meter_no"]),
        token: String(row["token"]),
        description: String(row["description"]),
        description2: String(row["description2"]),
        subtotalKobo: Number(row["subtotal_kobo"]),
        initialBalanceKobo: Number(row["initial_balance_kobo"]),
        newBalanceKobo: Number(row["new_balance_kobo"]),
      }));
  } finally {
    db.close();
  }
}

/** A confirmed wallet funding with these words, as an upstream might write them, now. */
export function recordFunding(
  email: string,
  fields: { plan: string; description: string; description2: string; amountKobo: number },
): string {
  const db = sandboxDatabase();
  try {
    const recorded = recordTransaction(db, {
      userId: userId(db, email),
      product: "funding",
      subcategoryId: null,
      plan: fields.plan,
      description: fields.description,
      description2: fields.description2,
      response: "Payment received",
      subtotalKobo: fields.amountKobo,
      amountKobo: fields.amountKobo,
      createdAt: new Date().toISOString(),
      status: 1,
    });
    if (!recorded.ok) throw new Error(`could not record a funding for ${email}`);
    return recorded.transaction.transactionRef;
  } finally {
    db.close();
  }
}

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Lagos calendar day (UTC+1 all year) of a stored time: "2026-01-31". */
export function lagosIsoDay(iso: string): string {
  return new Date(Date.parse(iso) + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` plus `days`, as calendar days. */
export function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The rows of a range of Lagos days, both ends included. */
export function inDays(rows: readonly StoredRow[], from: string, to: string): StoredRow[] {
  return rows.filter((row) => lagosIsoDay(row.createdAt) >= from && lagosIsoDay(row.createdAt) <= to);
}

export const FIND = {
  search: "Search",
  product: "Product",
  status: "Status",
  from: "From",
  to: "To",
} as const;

/** A field of the Find form, by its label. */
export function findField(page: Page, field: keyof typeof FIND): Locator {
  return page.getByRole("search", { name: "Find transactions" }).getByLabel(FIND[field], { exact: true });
}

/** Presses a button once the page can handle it (hydrated, with JavaScript). */
export async function press(page: Page, name: string): Promise<void> {
  const button = page.getByRole("button", { name, exact: true });
  await whenInteractive(button);
  await button.click();
}

/**
 * Waits for the count line of a filtered list, "12 of 53 transactions. Page 1 of 1.": with
 * JavaScript the address changes a moment before the page shows the new list, and this line
 * is how a test knows the list is the new one.
 */
export async function expectCount(
  page: Page,
  { found, of, page: at = 1, pages = 1 }: { found: number; of: number; page?: number; pages?: number },
): Promise<void> {
  await expect(page.getByText(/^\d+ of \d+ transactions\. Page \d+ of \d+\.$/)).toHaveText(
    `${found} of ${of} transactions. Page ${at} of ${pages}.`,
  );
}

/** The address's search fields, to compare without caring for their order. */
export function addressFields(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** Waits for the address to hold `fields` (with JavaScript it changes once the page has its data). */
export async function expectAddress(page: Page, fields: Record<string, string>): Promise<void> {
  await expect.poll(() => addressFields(page)).toMatchObject(fields);
}
