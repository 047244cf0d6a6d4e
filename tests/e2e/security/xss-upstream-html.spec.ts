import { fileURLToPath } from "node:url";
import { expect, test as base } from "@playwright/test";
import { startPortal, type Portal } from "../../support/portal-process.ts";
import { armTrap, expectNothingExecutable } from "../../xss/browser.ts";
import { CORPUS_MARK, corpusHtml, PAYLOADS } from "../../xss/corpus.ts";
import { startCorpusUpstream, type CorpusUpstream } from "../../xss/corpus-upstream.ts";
import { DEMO, logIn } from "../support/accounts.ts";

// Decisions 006 and 019: upstream HTML is sanitized on the server. Here an administrator has pasted
// the whole XSS corpus (tests/xss/corpus.ts) into every setting the portal shows, and each
// page that shows one is loaded once. The CSP is bypassed so that the sanitizer alone is
// what stops the payloads; xss-csp.once.spec.ts proves the CSP on its own.

const CORPUS = corpusHtml();
// Short text fields (contact details, account names) hold one payload each.
const [addressPayload, phonePayload, emailPayload, namePayload, bankPayload] = PAYLOADS.filter(
  (payload) => payload.kind === "breakout",
).map((payload) => payload.html);

const test = base.extend<{ corpusPortal: Portal }, { corpusUpstream: CorpusUpstream; corpusPortalProcess: Portal }>({
  corpusUpstream: [
    async ({}, use) => {
      const upstream = await startCorpusUpstream({
        "/v1/get-pages/": {
          about: CORPUS,
          faq: CORPUS,
          privacy: CORPUS,
          terms: CORPUS,
          contact: `${addressPayload}|${phonePayload}|${emailPayload}`,
          social: `${namePayload}|${bankPayload}|${addressPayload}`,
          whatsapp_phone: phonePayload,
        },
        "/v1/get-settings/": { notification: CORPUS, reserved_account_instruction: CORPUS },
        "/v1/get-manual-funding-details/": {
          description: CORPUS,
          products: [{ name: namePayload, account: "0451237786", bank: bankPayload }],
        },
      });
      await use(upstream);
      await upstream.close();
    },
    { scope: "worker" },
  ],
  corpusPortalProcess: [
    async ({ corpusUpstream }, use) => {
      const portal = await startPortal(fileURLToPath(new URL("../../..", import.meta.url)), {
        UPSTREAM_URL: corpusUpstream.url,
      });
      await use(portal);
      await portal.stop();
    },
    { scope: "worker" },
  ],
  corpusPortal: async ({ corpusPortalProcess }, use) => use(corpusPortalProcess),
  baseURL: async ({ corpusPortal }, use) => use(corpusPortal.origin),
});

test.use({ bypassCSP: true });

test("public pages show the upstream's HTML with nothing executable in it", async ({ page }) => {
  const trap = await armTrap(page);
  for (const [path, heading] of [
    ["/", null],
    ["/about-us", "About Us"],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-and-conditions", "Terms and Conditions"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    if (heading !== null) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(CORPUS_MARK), `the whole corpus reached ${path}`).toBeVisible();
    await expectNothingExecutable(page, trap, path);
  }
});

test("the contact page shows the upstream's contact details as text", async ({ page }) => {
  const trap = await armTrap(page);
  await page.goto("/contact-us");
  await expect(page.getByText(addressPayload ?? "", { exact: true })).toBeVisible();
  await expectNothingExecutable(page, trap, "/contact-us");
});

test("signed-in pages show the notification and the funding instructions with nothing executable", async ({ page }) => {
  const trap = await armTrap(page);
  await logIn(page, DEMO);
  await expect(page).toHaveURL("/dashboard");
  await expectNothingExecutable(page, trap, "/dashboard");

  await page.goto("/dashboard/fund-wallet?method=transfer");
  await expect(page.getByText(CORPUS_MARK), "the reserved-account instruction").toBeVisible();
  await expectNothingExecutable(page, trap, "the bank transfer instructions");

  await page.goto("/dashboard/fund-wallet?method=manual");
  await expect(page.getByText(CORPUS_MARK), "the manual funding instructions").toBeVisible();
  await expect(page.getByText(namePayload ?? "", { exact: true })).toBeVisible();
  await expectNothingExecutable(page, trap, "the manual payment instructions");
});
