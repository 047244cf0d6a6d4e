import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import type { Credentials } from "./accounts.ts";
import { unescapeHtml } from "./text.ts";

// The portal over plain HTTP, without a browser: a page's hidden fields read from its HTML, its
// forms posted as a browser without JavaScript (or a script, or an attacker) posts them, a
// sign-in by the login form, the session cookie as the client holds it, and an airtime
// purchase pressed through Process and Confirm.

/** The value of the first `<input name="...">` in a document (hidden fields have no label). */
export function fieldValue(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  const value = input === undefined ? undefined : /\bvalue="([^"]*)"/.exec(input)?.[1];
  if (value === undefined) throw new Error(`no input named ${name} with a value in the page`);
  return unescapeHtml(value);
}

/** The hidden CSRF token of a page's form, as a browser would send it back. */
export function csrfOf(html: string): string {
  return fieldValue(html, "csrf");
}

/**
 * What a form field holds as the page was sent: an input's value, a textarea's text, a
 * select's chosen option; undefined when the field is not on the page.
 */
export function shownValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (input !== undefined) return unescapeHtml(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "");
  const textarea = new RegExp(`<textarea\\b[^>]*\\bname="${name}"[^>]*>([^<]*)</textarea>`).exec(html);
  if (textarea !== null) return unescapeHtml(textarea[1] ?? "");
  const select = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([^]*?)</select>`).exec(html)?.[1];
  if (select === undefined) return undefined;
  const chosen = /<option\b[^>]*\bvalue="([^"]*)"[^>]*\bselected=""/.exec(select)?.[1];
  return chosen === undefined ? "" : unescapeHtml(chosen);
}

/** Headers a browser on this site sends with a form post; `extra` adds a client address or scheme. */
export function formHeaders(origin: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: origin, ...extra };
}

/** Loads a page and returns the CSRF token its forms carry (the cookie lands in `request`). */
export async function pageCsrf(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await request.get(path, { headers });
  expect(response.status(), `GET ${path}`).toBe(200);
  return fieldValue(await response.text(), "csrf");
}

/** A form post as the page would send it, without following the redirect. */
export function postFormWithHeaders(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<APIResponse> {
  return request.post(path, { form, headers, maxRedirects: 0 });
}

/** A form post as a browser on the portal sends it: same origin, no redirects followed. */
export function postForm(
  request: APIRequestContext,
  origin: string,
  path: string,
  form: Record<string, string>,
): Promise<APIResponse> {
  return postFormWithHeaders(request, path, form, formHeaders(origin));
}

/** The login form, filled and posted from its own page. */
export async function postLogin(
  request: APIRequestContext,
  origin: string,
  credentials: Credentials,
  extra: Record<string, string> = {},
): Promise<APIResponse> {
  const csrf = await pageCsrf(request, "/login", extra);
  return postFormWithHeaders(
    request,
    "/login",
    { csrf, website: "", email: credentials.email, password: credentials.password },
    formHeaders(origin, extra),
  );
}

/** Signed in, or the test stops here with what the login answered. */
export async function logInByRequest(
  request: APIRequestContext,
  origin: string,
  credentials: Credentials,
  extra: Record<string, string> = {},
): Promise<void> {
  const response = await postLogin(request, origin, credentials, extra);
  expect(response.status(), `login of ${credentials.email}`).toBe(302);
}

/** Signs `request` in over HTTP (its cookie jar keeps the session); a new account lands on /otp. */
export async function signInOver(
  request: APIRequestContext,
  origin: string,
  account: Credentials,
  landing = "/dashboard",
): Promise<void> {
  const answer = await postLogin(request, origin, account);
  expect(answer.status(), `login of ${account.email}`).toBe(302);
  expect(answer.headers()["location"]).toBe(landing);
}

/** The session cookie's name=value as the browser (`request`) holds it now, or null. */
export async function sessionCookie(request: APIRequestContext): Promise<{ name: string; value: string } | null> {
  const { cookies } = await request.storageState();
  const cookie = cookies.find((candidate) => candidate.name === "__session" || candidate.name === "__Host-session");
  return cookie === undefined ? null : { name: cookie.name, value: cookie.value };
}

/** The nonce of a Content-Security-Policy's script-src, or null when there is none. */
export function scriptNonce(policy: string | undefined): string | null {
  const match = /(?:^|;)\s*script-src\s[^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy ?? "");
  return match?.[1] ?? null;
}

/** Every `<script ...>` start tag in a document. */
export function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/gi) ?? [];
}

export const AIRTIME = "/dashboard/purchase-airtime";

export const AIRTIME_PURCHASE = "/v1/purchase-airtime/";

/** Opens the airtime page and presses Process over HTTP: the sealed confirmation to post back. */
export async function processAirtime(
  request: APIRequestContext,
  origin: string,
  order: { phone: string; amount: string },
): Promise<{ csrf: string; confirmation: string }> {
  const page = await (await request.get(AIRTIME)).text();
  const csrf = csrfOf(page);
  const answer = await postForm(request, origin, AIRTIME, {
    csrf,
    provider: "1",
    phone: order.phone,
    amount: order.amount,
    key: fieldValue(page, "key"),
  });
  expect(answer.status()).toBe(200);
  return { csrf, confirmation: fieldValue(await answer.text(), "confirmation") };
}

/** Confirm, as the confirmation step's form posts it. */
export function confirmAirtime(
  request: APIRequestContext,
  origin: string,
  fields: { csrf: string; confirmation: string },
): Promise<APIResponse> {
  return postForm(request, origin, AIRTIME, {
    csrf: fields.csrf,
    intent: "confirm",
    confirmation: fields.confirmation,
  });
}
