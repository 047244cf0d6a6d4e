import { DatabaseSync } from "node:sqlite";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import pg from "pg";
import { AIRTIME, csrfOf, postForm } from "./http.ts";

// The transaction PIN over plain HTTP (decision 056), as a browser without JavaScript posts its
// forms: set one in Profile, Confirm with one, replace a forgotten one. `request` is signed in
// on the portal at `origin` and has it as its base URL.

/** A PIN no rule refuses, and one that is not it. */
export const PIN = "2580";
export const WRONG_PIN = "1470";

/** "Buying is locked until 3:42 pm after 5 wrong PINs", any time. */
export const LOCKED = /Buying is locked until (\d{1,2}:\d{2} [ap]m) after 5 wrong PINs/;

/** The time a lock message says buying is locked until ("3:42 pm"), or null for another answer. */
export function lockedUntilIn(html: string): string | null {
  return LOCKED.exec(html)?.[1] ?? null;
}

/** "Wrong PIN. 4 tries left." and so on: the tries left, or null for another answer. */
export function triesLeftIn(html: string): number | null {
  const tries = /Wrong PIN\. (\d) tr(?:y|ies) left\./.exec(html)?.[1];
  return tries === undefined ? null : Number(tries);
}

/** Sets the account's first PIN in Profile; `back` is the purchase that asked for it, if any. */
export async function setPinOver(
  request: APIRequestContext,
  origin: string,
  { pin = PIN, back = "" }: { pin?: string; back?: string } = {},
): Promise<APIResponse> {
  const profile = await (await request.get(`/dashboard/profile?back=${encodeURIComponent(back)}`)).text();
  return postForm(request, origin, "/dashboard/profile", {
    csrf: csrfOf(profile),
    intent: "set-pin",
    newPin: pin,
    confirmPin: pin,
    back,
  });
}

/** Forgot PIN: the account's password, then a new PIN. */
export async function forgotPinOver(
  request: APIRequestContext,
  origin: string,
  password: string,
  pin: string,
): Promise<APIResponse> {
  const page = await (await request.get("/dashboard/profile/forgot-pin")).text();
  return postForm(request, origin, "/dashboard/profile/forgot-pin", {
    csrf: csrfOf(page),
    password,
    newPin: pin,
    confirmPin: pin,
  });
}

/** Confirm on the airtime confirmation, with the PIN typed beside it (or none). */
export function confirmWithPin(
  request: APIRequestContext,
  origin: string,
  fields: { csrf: string; confirmation: string },
  pin?: string,
): Promise<APIResponse> {
  return postForm(request, origin, AIRTIME, { ...fields, intent: "confirm", ...(pin === undefined ? {} : { pin }) });
}

/**
 * How many PIN tries the portal's database holds for an account (the `pin_attempts` rows):
 * every try that was compared, kept for the window that counts wrong ones. Read the way an
 * operator would, straight from its DATABASE_URL: a `file:` SQLite file or a postgres:// URL.
 */
export async function pinTriesKept(databaseUrl: string, accountId: number): Promise<number> {
  const query = "SELECT count(*) AS tries FROM pin_attempts WHERE account_id = ";
  if (databaseUrl.startsWith("file:")) {
    const db = new DatabaseSync(databaseUrl.slice("file:".length), { readOnly: true });
    try {
      return Number(db.prepare(`${query}?`).get(accountId)?.["tries"]);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tries: string }>(`${query}$1`, [accountId]);
    return Number(rows[0]?.tries);
  } finally {
    await client.end();
  }
}
