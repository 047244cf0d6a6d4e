import { type Browser, expect, test } from "@playwright/test";
import { armTrap, unsafeElements } from "../../xss/browser.ts";
import { TRAP_NAME } from "../../xss/corpus.ts";

// The second line of defence (decision 019): were markup ever to get past the sanitizer or
// React's escaping, the Content-Security-Policy (scripts only with the response's nonce)
// stops it running. The fixture is the real /about-us document, headers and all, with an
// attacker's markup spliced in on its way to the browser. Its own context has
// JavaScript on (a CSP only matters where scripts run), so the file runs once.

const INJECTED = [
  `<script>${TRAP_NAME}(1001)</script>`,
  `<img src="/favicon.ico?x" onload="${TRAP_NAME}(1002)" onerror="${TRAP_NAME}(1002)">`,
  `<a id="injected-link" href="javascript:${TRAP_NAME}(1003)">Injected link</a>`,
].join("");

type Visit = { fired: number[]; violations: string[]; consoleErrors: string[]; unsafe: string[] };

async function visitInjectedPage(browser: Browser, baseURL: string | undefined, bypassCSP: boolean): Promise<Visit> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true, bypassCSP });
  try {
    const page = await context.newPage();
    const trap = await armTrap(page);
    const violations: string[] = [];
    await page.exposeFunction("__cspViolation", (text: unknown) => violations.push(String(text)));
    // Runs in every document before the page's own scripts, outside the CSP's reach.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = Reflect.get(window, "__cspViolation");
        if (typeof report === "function") report(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await page.route("**/about-us", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("<main", `${INJECTED}<main`);
      // Every header of the real response is kept, the Content-Security-Policy with it.
      await route.fulfill({ response, body: html });
    });
    const response = await page.goto("/about-us");
    // A public page a signed-out visitor gets from the page cache: no script at all (decision 029).
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'none'/);
    await page.locator("#injected-link").click();
    // The violation events and the image's load are asynchronous; the page's own request
    // for the favicon settles them.
    await page.waitForLoadState("networkidle");
    return { fired: trap.fired, violations, consoleErrors, unsafe: await unsafeElements(page) };
  } finally {
    await context.close();
  }
}

test("the CSP stops an injected inline script, an inline handler and a javascript: link, and reports each", async ({
  browser,
  baseURL,
}) => {
  const visit = await visitInjectedPage(browser, baseURL, false);
  expect(visit.fired, "injected code that ran").toEqual([]);
  // The injected markup is in the page: only the CSP stood between it and running.
  expect(visit.unsafe.length, visit.unsafe.join("\n")).toBeGreaterThanOrEqual(3);
  expect(visit.violations.filter((violation) => violation.startsWith("script-src")).length).toBeGreaterThanOrEqual(3);
  expect(visit.consoleErrors.some((text) => /Content Security Policy/.test(text))).toBe(true);
});

test("without the CSP the same injected page runs every piece of it, so the test above can fail", async ({
  browser,
  baseURL,
}) => {
  const visit = await visitInjectedPage(browser, baseURL, true);
  expect(visit.fired.toSorted()).toEqual([1001, 1002, 1003]);
  expect(visit.violations).toEqual([]);
});
