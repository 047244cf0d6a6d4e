import { expect, type Locator, type Page, test } from "@playwright/test";

// The page in the browser as a person meets it: with JavaScript on or off, hydrated before it
// is used, its animations stopped, its parts on a narrow screen.

export function javaScriptOn(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * With JavaScript on: resolves once React has hydrated this element, so its handlers run.
 * React marks each hydrated DOM node with a `__reactProps$...` property; nothing on the page
 * shows the moment otherwise, and acting earlier would test the no-JavaScript fallback. A page
 * that ships no script (docs/pages-and-scripts.md, held by pages-and-scripts.http.spec.ts)
 * works as it does without JavaScript, so there is nothing to wait for once it is parsed: it
 * never has React Router's context on `window`, which a page with script sets before its
 * module script runs (the tags themselves go once React has hydrated them, decision 095).
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        element.evaluate(
          (node) =>
            (document.readyState !== "loading" && !("__reactRouterContext" in window)) ||
            Object.keys(node).some((key) => key.startsWith("__reactProps$")),
        ),
      { message: "the page hydrates" },
    )
    .toBe(true);
}

/**
 * With JavaScript on, waits until React has hydrated the element, so what the test does next
 * exercises the enhanced page rather than the no-JavaScript fallback. Nothing to wait for
 * with JavaScript off.
 */
export async function whenInteractive(element: Locator): Promise<void> {
  if (javaScriptOn()) await waitForHydration(element);
}

/**
 * Stops CSS animations on the page (the dashboard notice hides itself after 5 seconds, a
 * toast after 3), so a check of something on it does not race the clock. Works with
 * JavaScript off too: it goes through the DevTools protocol, not a page script. Call it
 * before the navigation whose page is checked.
 */
export async function freezeAnimations(page: Page): Promise<void> {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send("Animation.enable");
  await devTools.send("Animation.setPlaybackRate", { playbackRate: 0 });
}

/** For toHaveURL: the page is at this path, whatever its query string. */
export function atPath(path: string): (url: URL) => boolean {
  return (url) => url.pathname === path;
}

/** The dashboard's top bar: full name, profile link, Logout. */
export function topBar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Account" });
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
