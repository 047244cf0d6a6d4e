import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { javaScriptOn } from "./page.ts";

// The one accessibility check of the browser tests: axe's WCAG A and AA rules on the page as
// the visitor sees it, with JavaScript off as well as on.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe limited to the WCAG 2.0, 2.1 and 2.2 A and AA rules, run in the page itself. The portal's
 * pages have no frames, so axe's cross-frame mode would only add work: it injects axe again and
 * finishes in a second, blank page, for every check (decision 063).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
}

/**
 * axe's WCAG results for the page as the visitor sees it now.
 *
 * axe is a script, and a context with JavaScript off cannot run one (Playwright's evaluate
 * never returns there). So in the js-off project the document this page holds, which no
 * script has touched, is shown to a second, scripted context with any <script> removed and
 * <noscript> content kept, the same URL, stylesheets, images and viewport, and CSS animations
 * frozen before it loads: messages that CSS hides after a few seconds (toasts after 3, the
 * dashboard notice after 5) are checked every time, not only when axe happens to be fast.
 */
export async function accessibilityResults(page: Page): Promise<AxeResults> {
  if (javaScriptOn()) return axe(page).analyze();

  const browser = page.context().browser();
  if (browser === null) throw new Error("the page has no browser to open a scripted context in");
  const url = page.url();
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript\b[^>]*>/gi, "");
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const checker = await context.newPage();
    const devTools = await context.newCDPSession(checker);
    await devTools.send("Animation.enable");
    await devTools.send("Animation.setPlaybackRate", { playbackRate: 0 });
    await checker.route(url, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await checker.goto(url);
    // Sizes and contrast depend on the stylesheets: check nothing without them.
    const unstyled = await checker.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
        .filter((link) => link.sheet === null)
        .map((link) => link.href),
    );
    expect(unstyled, "stylesheets that did not load").toEqual([]);
    return await axe(checker).analyze();
  } finally {
    await context.close();
  }
}

/**
 * The page has no WCAG A or AA violation `state` (what is on the screen: "blank", "showing
 * errors"). Soft, so one page's or state's violations do not hide the next one's in the same
 * test; and a run that checked nothing fails, rather than pass silently.
 */
export async function expectNoViolations(page: Page, state = "as loaded"): Promise<void> {
  const results = await accessibilityResults(page);
  const where = `axe on ${new URL(page.url()).pathname}, ${state}`;
  expect.soft(results.passes.length, `${where}: checked something`).toBeGreaterThan(0);
  expect.soft(results.violations, where).toEqual([]);
}
