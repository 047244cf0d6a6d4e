import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { sandboxDatabase, userId } from "./sandbox.ts";

// Saved customers (decision 050): the Saved numbers page as a person fills it in.

export const SAVED_PATH = "/dashboard/saved-numbers";

export type SavedEntry = { name: string; kind: string; number: string; provider?: string; meterType?: string };

export async function openSavedNumbers(page: Page): Promise<void> {
  await page.goto(SAVED_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Saved numbers" })).toBeVisible();
}

/** The Add form, as a person fills it in and presses Save. */
export async function addSaved(page: Page, entry: SavedEntry): Promise<void> {
  const form = page.getByRole("region", { name: "Add a saved number" });
  await form.getByLabel("Name", { exact: true }).fill(entry.name);
  await form.getByLabel("What it is", { exact: true }).selectOption({ label: entry.kind });
  await form.getByLabel("Number", { exact: true }).fill(entry.number);
  if (entry.provider) await form.getByLabel("Company or provider").selectOption({ label: entry.provider });
  if (entry.meterType) await form.getByLabel("Meter type").selectOption({ label: entry.meterType });
  await form.getByRole("button", { name: "Save", exact: true }).click();
}

/** The entries listed, each as its line reads. */
export function savedItems(page: Page) {
  return page.getByRole("region", { name: "Your saved numbers" }).getByRole("listitem");
}

/** An entry as the portal's database keeps it: kind "phone", "meter", "card" or "jamb". */
export type StoredEntry = { name: string; kind: string; number: string; provider?: string; meterType?: string };

/** Entries written straight into the portal's database for `email`'s account, as if saved long ago. */
export function seedSaved(email: string, entries: readonly StoredEntry[]): void {
  const accountId = userId(sandboxDatabase(), email);
  // playwright.config.ts keeps the portal's database beside the sandbox's.
  const db = new DatabaseSync(join(process.env.E2E_SANDBOX_DB ?? "", "..", "portal.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  const insert = db.prepare(
    "INSERT INTO saved_customers (account_id, kind, number, name, provider, meter_type, created_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  db.exec("BEGIN IMMEDIATE");
  for (const { name, kind, number, provider = "", meterType = "" } of entries) {
    insert.run(accountId, kind, number, name, provider, meterType, new Date().toISOString());
  }
  db.exec("COMMIT");
  db.close();
}

/** `count` saved phone numbers, "Customer 0" and on. */
export function manyPhones(count: number): StoredEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Customer ${index}`,
    kind: "phone",
    number: `0807${String(index).padStart(7, "0")}`,
  }));
}
