import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { shownValue } from "../../app/domain/csv.ts";

// Shared facts for the browser tests. The ports are the ones playwright.config.ts starts its
// two servers on; the config is not imported because loading it creates a temporary database
// directory each time.

export const PRODUCT_NAME = "Payvend";

/** The second server, whose upstream (127.0.0.1:9) refuses every connection. */
// playwright.config.ts starts the outage server on the port after the portal's.
export const OUTAGE_BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** The public content pages with the page title each one puts after "Payvend - ". */
export const PUBLIC_PAGES = [
  { path: "/", title: "Home", heading: "Pay bills and top up from one wallet" },
  { path: "/about-us", title: "About Us", heading: "About Us" },
  { path: "/pricing", title: "Pricing", heading: "Pricing" },
  { path: "/contact-us", title: "Contact Us", heading: "Contact Us" },
  { path: "/terms-and-conditions", title: "Terms and Conditions", heading: "Terms and Conditions" },
  { path: "/privacy-policy", title: "Privacy Policy", heading: "Privacy Policy" },
] as const;

/** Header menu entries: plain links first, then the two call-to-action buttons. */
export const MENU_LINKS = [
  { name: "Home", href: "/" },
  { name: "About", href: "/about-us" },
  { name: "Pricing", href: "/pricing" },
  { name: "Contact Us", href: "/contact-us" },
] as const;

export const MENU_BUTTONS = [
  { name: "Get Started", href: "/register" },
  { name: "Login", href: "/login" },
] as const;

export const OUTAGE_PATHS = ["/", "/pricing", "/about-us"] as const;

export const OUTAGE_HEADING = "We can't reach our service right now";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe limited to the WCAG 2.0, 2.1 and 2.2 A and AA rules, run in the page itself. The portal's
 * pages have no frames, so axe's cross-frame mode would only add work: it injects axe again and
 * finishes in a second, blank page, for every check (decision 063).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode();
}

function javaScriptOn(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
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

/** `text` as a regular expression matching it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export type ImageState = { src: string; complete: boolean; naturalWidth: number };

function isImageStateList(value: unknown): value is ImageState[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item: unknown) =>
        typeof item === "object" &&
        item !== null &&
        "src" in item &&
        typeof item.src === "string" &&
        "complete" in item &&
        typeof item.complete === "boolean" &&
        "naturalWidth" in item &&
        typeof item.naturalWidth === "number",
    )
  );
}

/**
 * Load state of every image in the main region. Read through the DevTools protocol because
 * Playwright's evaluate does not run in a page with JavaScript off, and that page matters
 * most here: it is the one that ignores loading="lazy".
 */
export async function mainImageStates(page: Page): Promise<ImageState[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const answer = await session.send("Runtime.evaluate", {
      expression:
        "Array.from(document.querySelectorAll('main img'), (image) => ({ src: image.currentSrc || image.src, complete: image.complete, naturalWidth: image.naturalWidth }))",
      returnByValue: true,
    });
    const value: unknown = answer.result.value;
    if (!isImageStateList(value)) throw new Error(`unexpected image states: ${JSON.stringify(value)}`);
    return value;
  } finally {
    await session.detach();
  }
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

export type CsvFile = { bom: boolean; lineEnds: string[]; rows: string[][] };

/**
 * RFC 4180 read by hand: fields in double quotes may hold commas, quotes ("") and line breaks.
 * Each field as a spreadsheet shows it.
 */
export function readCsv(text: string): CsvFile {
  const bom = text.startsWith("\uFEFF");
  const source = bom ? text.slice(1) : text;
  const rows: string[][] = [];
  const lineEnds: string[] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (quoted) {
      if (char === '"' && source.charAt(index + 1) === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      const end = char === "\r" && source.charAt(index + 1) === "\n" ? "\r\n" : char;
      index += end.length - 1;
      row.push(field);
      rows.push(row);
      lineEnds.push(end);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
    lineEnds.push("");
  }
  return { bom, lineEnds, rows: rows.map((fields) => fields.map(shownValue)) };
}

/** This part of the page scrolls sideways by nothing and ends on the screen. */
export async function expectPartFits(part: Locator, state: string): Promise<void> {
  const [scrollWidth, clientWidth, right, innerWidth] = await part.evaluate((node) => [
    node.scrollWidth,
    node.clientWidth,
    node.getBoundingClientRect().right,
    window.innerWidth,
  ]);
  expect(scrollWidth, state).toBeLessThanOrEqual(clientWidth);
  expect(right, state).toBeLessThanOrEqual(innerWidth);
}

/**
 * The numbers broken across lines in this part: a ₦ amount, or a run of digits (a phone, meter,
 * smart card, token group or reference) whose characters are not all on one line. A number is
 * read and keyed whole; half of it on the next line is misread (decision 074).
 */
export async function brokenNumbers(part: Locator): Promise<string[]> {
  return part.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      // Text the reader cannot see (a closed <details>, a hidden header) has no lines to break.
      if (node.parentElement?.checkVisibility() !== true) continue;
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/-?₦[\d,]+(?:\.\d+)?|\b[A-Z]*\d[\dA-Z]{5,}\b/g)) {
        const lines = new Set<number>();
        for (let index = match.index; index < match.index + match[0].length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const box = range.getBoundingClientRect();
          if (box.width > 0) lines.add(Math.round(box.bottom));
        }
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}
