import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import type { Portal } from "../../support/portal-process.ts";
import { BATCH_PATH, BULK_PATH } from "./bulk.ts";
import { csrfOf, fieldValue, formHeaders } from "./http.ts";
import { textOf } from "./text.ts";

// The bulk form over plain HTTP, as a browser without JavaScript posts it (multipart, with its
// CSRF token and one-time key), for the specs that drive portals of their own
// (the bulk specs' money.http.spec.ts and restart.http.spec.ts, operations.http.spec.ts), and what those portals say about a batch.

export type BulkForm = Record<string, string>;

/** A page's words, without the empty comments React puts between pieces of one sentence. */
export function wordsOf(html: string): string {
  return textOf(html.replaceAll("<!-- -->", ""));
}

/** The empty bulk form as its page gives it: the CSRF token and the form's one-time key. */
export async function openForm(request: APIRequestContext, origin: string): Promise<BulkForm> {
  const answer = await request.get(`${origin}${BULK_PATH}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  return { csrf: csrfOf(html), key: fieldValue(html, "key") };
}

/** The bulk form posted as the browser sends it (multipart, same origin, redirects not followed). */
export function postBulk(request: APIRequestContext, origin: string, fields: BulkForm): Promise<APIResponse> {
  return request.post(`${origin}${BULK_PATH}`, { multipart: fields, headers: formHeaders(origin), maxRedirects: 0 });
}

/** Review: the filled form, as Confirm will post it again with the sealed review it brought back. */
export async function review(
  request: APIRequestContext,
  origin: string,
  form: BulkForm,
  order: { numbers: readonly string[]; amount: string; networks?: Record<string, string> },
): Promise<{ confirm: BulkForm; text: string }> {
  const filled: BulkForm = {
    ...form,
    product: "airtime",
    numbers: order.numbers.join("\n"),
    amount: order.amount,
    ...Object.fromEntries(Object.entries(order.networks ?? {}).map(([phone, id]) => [`network-${phone}`, id])),
  };
  const answer = await postBulk(request, origin, { ...filled, intent: "review" });
  expect(answer.status(), "the review").toBe(200);
  const html = await answer.text();
  return { confirm: { ...filled, review: fieldValue(html, "review"), intent: "confirm" }, text: wordsOf(html) };
}

/** A Confirm that started (or found) a batch: the batch page it sends the browser to. */
export function batchPathOf(answer: APIResponse): string {
  expect(answer.status(), "Confirm redirects").toBe(302);
  const path = new URL(answer.headers()["location"] ?? "", "http://portal.invalid").pathname;
  expect(path).toMatch(BATCH_PATH);
  return path;
}

/**
 * How many runners these portals started for the batch, from their logs. Each row is also
 * bought through the once-store under its own key, which would hide a second runner from the
 * upstream's count; the log shows it.
 */
export async function runnersStarted(portals: readonly Portal[], path: string): Promise<number> {
  const batchId = path.split("/").at(-1) ?? "";
  let count = 0;
  for (const portal of portals) {
    for (const line of (await portal.logText()).split("\n")) {
      if (line.includes('"event":"bulk.started"') && line.includes(`"batch":"${batchId}"`)) count += 1;
    }
  }
  return count;
}

/** Reads the batch page until it says the batch has ended; its words then. */
export async function resultsText(
  request: APIRequestContext,
  origin: string,
  path: string,
  total: number,
): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        text = wordsOf(await (await request.get(`${origin}${path}`)).text());
        return text.includes("Results") && text.includes(`${total} of ${total} done`);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  return text;
}
