import { DatabaseSync } from "node:sqlite";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { type Credentials, waitForHydration } from "../accounts/support.ts";
import { addSession, mainPortal, type PortalUnderTest } from "../sign-in.ts";

// Shared pieces of the signed-in page tests (tests/e2e/dashboard*.spec.ts): the dashboard
// home, profile, transactions and receipt. Read-only tests sign in as a demo account of the
// sandbox (sandbox/seed/demo-accounts.ts); tests that change profile data use an account of their
// own (createAccount in accounts-support.ts).

export type DemoAccount = Credentials & {
  readonly fullName: string;
  readonly phone: string;
  readonly level: string;
  readonly balance: string;
};

const DEMO_PASSWORD = "Demo-pass-2026";

/** Never changed by these tests: no purchase, no profile form, no wrong password. */
export const RESELLER: DemoAccount = {
  email: "reseller@payvend.test",
  password: DEMO_PASSWORD,
  fullName: "Oluwaseun Adeyemi",
  phone: "08050000003",
  level: "Reseller",
  balance: "₦150,000.00",
};

export const NORMAL: DemoAccount = {
  email: "normal@payvend.test",
  password: DEMO_PASSWORD,
  fullName: "Chinedu Okafor",
  phone: "08030000001",
  level: "Normal",
  balance: "₦5,000.00",
};

/** sandbox/seed/settings.ts's notification, as plain text (its <b> and <a> dropped). */
export const NOTICE_TEXT = "New: MTN SME data now delivers in seconds. See today's prices on the pricing page.";

// The product's messages verbatim, the portal's own where it gives none (app/forms/profile.ts),
// and the upstream's answers (sandbox/calls/account.ts and kyc.ts).
export const PROFILE_MESSAGES = {
  oldPasswordRequired: "Old password is required!",
  newPasswordRequired: "New password is required!",
  confirmPasswordRequired: "Confirm password is required!",
  passwordMismatch: "Password does not match",
  oldPasswordWrong: "Old password is incorrect.",
  passwordChanged: "Password changed successfully.",
  accountNameRequired: "Account Name is required!",
  accountNumberRequired: "Account Number is required!",
  bankNameRequired: "Bank Name is required!",
  bankSaved: "Bank details updated successfully.",
  webhookRequired: "Webhook Url is required!",
  webhookHttps: "Enter an absolute https URL, e.g. https://example.com/webhook",
  webhookSaved: "Profile updated successfully.",
  bvnDigits: "BVN Number must be exactly 11 digits",
  bvnNameRequired: "Name is required",
  dobRequired: "Date of birth is required",
  bvnPhoneRequired: "Phone number is required",
  underEighteen: "You must be at least 18 years old",
  bvnSaved: "BVN updated successfully.",
  ninDigits: "NIN must be exactly 11 digits",
  ninSaved: "NIN updated successfully.",
} as const;

/** The five transaction statuses, in code order (0 to 4; docs/upstream-api.md). */
export const STATUS_LABELS = ["Pending", "Confirmed", "Failed", "Ignored", "Reversed"] as const;

export function javaScriptOn(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * Signs `page` in as `account` without the login page (sign-in.ts) and opens the dashboard.
 * `portal` is another portal than playwright.config.ts's (the fault tests' own).
 */
export async function signIn(page: Page, account: Credentials, portal: PortalUnderTest = mainPortal()): Promise<void> {
  await addSession(page.context(), account, portal);
  await page.goto(`${portal.origin}/dashboard`);
  await expect(page).toHaveURL(`${portal.origin}/dashboard`);
}

/**
 * A second, independent browser session (its own cookies) with the project's JavaScript
 * setting, for "another user" checks. The caller closes it.
 */
export async function newSession(
  browser: Browser,
  options: { javaScriptEnabled: boolean; baseURL: string | undefined },
): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: options.javaScriptEnabled, baseURL: options.baseURL });
}

/**
 * With JavaScript on, waits until React has hydrated the element, so what the test does next
 * exercises the enhanced page rather than the no-JavaScript fallback. Nothing to wait for
 * with JavaScript off.
 */
export async function whenInteractive(element: Locator): Promise<void> {
  if (javaScriptOn()) await waitForHydration(element);
}

/**
 * Opens Profile (at one of its forms' fragments, if given) and waits until a person could
 * use it: the page ships no script (decision 070), so that is once its heading shows.
 */
export async function openProfile(page: Page, form?: string): Promise<void> {
  await page.goto(form === undefined ? "/dashboard/profile" : `/dashboard/profile#${form}`);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
}

/**
 * Stops CSS animations on the page (the dashboard notice hides itself after 5 seconds, a
 * toast after 3), so a check of something on it does not race the clock. Works with
 * JavaScript off too: it goes through the DevTools protocol, not a page script. Call it
 * before the navigation whose page is checked.
 */
export async function freezeAnimations(page: Page): Promise<void> {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send("Animation.enable");
  await devTools.send("Animation.setPlaybackRate", { playbackRate: 0 });
}

// Formats, written independently of app/domain so the tests check it rather than repeat it.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th";
  return `${day}${suffix}`;
}

/** 'Do MMM, YYYY' in Lagos (UTC+1 all year): "23rd May, 2026". */
export function lagosDay(iso: string): string {
  const lagos = new Date(Date.parse(iso) + LAGOS_OFFSET_MS);
  return `${ordinal(lagos.getUTCDate())} ${MONTHS[lagos.getUTCMonth()]}, ${lagos.getUTCFullYear()}`;
}

/** "1st Jan, 2024, 3:04:05 pm" in Lagos. */
export function lagosDateTime(iso: string): string {
  const lagos = new Date(Date.parse(iso) + LAGOS_OFFSET_MS);
  const hours = lagos.getUTCHours();
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${twoDigits(lagos.getUTCMinutes())}:${twoDigits(lagos.getUTCSeconds())}`;
  return `${lagosDay(iso)}, ${clock} ${hours < 12 ? "am" : "pm"}`;
}

export const DAY_PATTERN = /^(\d{1,2})(st|nd|rd|th) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), (\d{4})$/;
export const DATE_TIME_PATTERN =
  /^(\d{1,2})(st|nd|rd|th) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), (\d{4}), (\d{1,2}):(\d{2}):(\d{2}) (am|pm)$/;

/** A shown date and time back to a number that orders like the time it names. */
export function dateTimeOrder(text: string): number {
  const match = DATE_TIME_PATTERN.exec(text);
  if (match === null) throw new Error(`not a date like '1st Jan, 2024, 3:04:05 pm': ${JSON.stringify(text)}`);
  const [, day = "", suffix = "", month = "", year = "", hour = "", minute = "", second = "", half = ""] = match;
  expect(`${day}${suffix}`, `ordinal in ${text}`).toBe(ordinal(Number(day)));
  expect(Number(hour), `12-hour clock in ${text}`).toBeGreaterThanOrEqual(1);
  expect(Number(hour), `12-hour clock in ${text}`).toBeLessThanOrEqual(12);
  const hour24 = (Number(hour) % 12) + (half === "pm" ? 12 : 0);
  return Date.UTC(
    Number(year),
    MONTHS.indexOf(month as (typeof MONTHS)[number]),
    Number(day),
    hour24,
    Number(minute),
    Number(second),
  );
}

export const NAIRA_PATTERN = /^-?₦\d{1,3}(,\d{3})*\.\d{2}$/;

/** "₦1,234.50" (thousands separators, 2 decimals) to kobo. */
export function koboOf(text: string): number {
  expect(text, "naira with thousands separators and 2 decimals").toMatch(NAIRA_PATTERN);
  const negative = text.startsWith("-");
  const kobo = Number(text.replace(/[-₦,.]/g, ""));
  return negative ? -kobo : kobo;
}

/** Kobo as the portal shows it: "₦1,234.50". */
export function nairaOf(kobo: number): string {
  const whole = Math.floor(Math.abs(kobo) / 100);
  const fraction = String(Math.abs(kobo) % 100).padStart(2, "0");
  return `${kobo < 0 ? "-" : ""}₦${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
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
  const path = process.env.E2E_SANDBOX_DB;
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  const db = new DatabaseSync(path, { readOnly: true });
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

export function receiptLink(scope: Locator | Page): Locator {
  return scope.getByRole("link", { name: /^Receipt for / });
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

export function statusCode(label: string): number {
  const code = STATUS_LABELS.findIndex((status) => status === label);
  if (code === -1) throw new Error(`not a status label: ${label}`);
  return code;
}

// The receipt's description list: each term (dt) with its one definition (dd).

export async function receiptEntries(page: Page): Promise<Map<string, string>> {
  const receipt = page.getByRole("article", { name: /receipt$/ });
  // With JavaScript the address changes a moment before the receipt renders: wait for it.
  await expect(receipt.getByRole("term").first()).toBeVisible();
  const terms = await receipt.getByRole("term").allInnerTexts();
  const definitions = await receipt.getByRole("definition").allInnerTexts();
  expect(definitions, "one definition per term").toHaveLength(terms.length);
  return new Map(terms.map((term, index) => [term.trim(), (definitions[index] ?? "").trim()]));
}

// The profile page.

/** One of the profile page's forms, by its heading. */
export function profileForm(page: Page, heading: string): Locator {
  return page.getByRole("article", { name: heading, exact: true });
}
