import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createAccount } from "../accounts/support.ts";
import { sessionCookieFor } from "../sign-in.ts";

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
      // Asked for after the stylesheet, never before the first paint (decision 070).
      expect(html.split("</head>")[0], address).not.toContain("modulepreload");
    }
  }
});
