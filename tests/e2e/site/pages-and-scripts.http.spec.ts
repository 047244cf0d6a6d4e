import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { scriptWeight } from "../../bench/weight.ts";
import { createAccount } from "../support/accounts.ts";
import { sessionCookieFor } from "../support/session.ts";

// docs/pages-and-scripts.md says page by page whether a page ships its scripts (decision 070):
// this reads that table and asks each address it names, so the table stays true. Rows whose
// address holds a parameter (a receipt, a batch) or that only a step before them opens (the
// OTP and personal details of a sign-up) are left to the flows that reach them.

const TABLE = new URL("../../../docs/pages-and-scripts.md", import.meta.url);
const NEEDS_A_STEP_BEFORE = new Set(["/otp", "/personal-info"]);

type Row = { address: string; hydrates: boolean };

async function tableRows(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const line of (await readFile(TABLE, "utf8")).split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const hydrates = cells.at(-2);
    if (hydrates !== "yes" && hydrates !== "no") continue;
    for (const [, address = ""] of (cells[2] ?? "").matchAll(/`([^`]+)`/g)) {
      if (!address.includes(":") && !NEEDS_A_STEP_BEFORE.has(address))
        rows.push({ address, hydrates: hydrates === "yes" });
    }
  }
  return rows;
}

test("every page ships its scripts, or none, as docs/pages-and-scripts.md says", async ({ request }) => {
  const rows = await tableRows();
  expect(rows.length).toBeGreaterThan(25);
  const session = await sessionCookieFor(await createAccount("pages-and-scripts", { verified: true }));
  for (const { address, hydrates } of rows) {
    const signedIn = address.startsWith("/dashboard") || address === "/logout";
    const answer = await request.get(address, { headers: signedIn ? { Cookie: session } : {}, maxRedirects: 0 });
    const html = await answer.text();
    expect([200, 404], address).toContain(answer.status());
    expect(/<script\b/.test(html), `${address} ships script`).toBe(hydrates);
    expect(html.includes('rel="modulepreload"'), `${address} preloads modules`).toBe(hydrates);
    if (hydrates) {
      // Asked for after the stylesheet, never before the first paint (decisions 070 and 095):
      // every preload waits in the inert template that follows the stylesheet.
      const template = /<template id="module-preloads">(.*?)<\/template>/.exec(html);
      expect(template?.index ?? -1, address).toBeGreaterThan(html.indexOf('rel="stylesheet"'));
      expect(html.replace(template?.[0] ?? "", ""), address).not.toContain("modulepreload");
    }
  }
});

// Decision 072's budget, held for every page the table marks "yes" (decision 082): at most the
// bare React Router page's JavaScript (tests/bench/bare, 106,128 B as `npm run bench` weighs it)
// plus 20 KB, gzipped, counted as the bench counts it, in every language; and a page in Pidgin or
// Hausa at most 1 KB more than in English.
const SCRIPT_BUDGET = 106_128 + 20 * 1024;
const OTHER_LANGUAGE_ALLOWANCE = 1024;

test("every page that ships script keeps to its script budget, in every language", async ({ request, baseURL }) => {
  const rows = (await tableRows()).filter((row) => row.hydrates);
  expect(rows.length).toBeGreaterThan(8);
  const session = await sessionCookieFor(await createAccount("script-budget", { verified: true }));
  const files = new Map<string, Promise<Buffer>>();
  const body = (url: string) => {
    const known = files.get(url) ?? request.get(url).then(async (answer) => answer.body());
    files.set(url, known);
    return known;
  };
  for (const { address } of rows) {
    const weights: Record<string, number> = {};
    for (const language of ["en-NG", "pcm", "ha"]) {
      const cookies = [`lang=${language}`, ...(address.startsWith("/dashboard") ? [session] : [])];
      const answer = await request.get(address, { headers: { Cookie: cookies.join("; ") }, maxRedirects: 0 });
      weights[language] = await scriptWeight(await answer.text(), new URL(address, baseURL).href, body);
    }
    test.info().annotations.push({ type: "script, B gzipped", description: `${address} ${JSON.stringify(weights)}` });
    const english = weights["en-NG"] ?? 0;
    for (const [language, weight] of Object.entries(weights))
      expect.soft(weight, `${address} in ${language}: its JavaScript, gzipped`).toBeLessThanOrEqual(SCRIPT_BUDGET);
    for (const language of ["pcm", "ha"])
      expect
        .soft(weights[language], `${address} in ${language}, against English`)
        .toBeLessThanOrEqual(english + OTHER_LANGUAGE_ALLOWANCE);
  }
});
