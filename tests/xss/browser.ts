import { expect, type Page } from "@playwright/test";
import { TRAP_NAME } from "./corpus.ts";

// The browser side of the XSS tests: a trap every payload calls if it runs, and a scan of
// the DOM for anything that could run later (a handler waiting for a hover, a javascript:
// link waiting for a click) even where nothing ran during the test.

export type Trap = {
  /** Payload ids that ran, in any document this page loaded. */
  readonly fired: number[];
  /** alert(), confirm() and prompt() messages. */
  readonly dialogs: string[];
};

/**
 * Installs the trap before the page's first document: `__xss(id)` reports to the test
 * through a Playwright binding, which survives navigations and works in every frame,
 * including an iframe a payload would have made. With JavaScript off nothing can call it.
 */
export async function armTrap(page: Page): Promise<Trap> {
  const trap: Trap = { fired: [], dialogs: [] };
  await page.exposeFunction(TRAP_NAME, (id: unknown) => {
    trap.fired.push(Number(id));
  });
  page.on("dialog", (dialog) => {
    trap.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return trap;
}

// Attributes that load or navigate to a URL, where a javascript:, vbscript: or HTML data:
// URL would run code.
const URL_ATTRIBUTES = ["href", "src", "action", "formaction", "xlink:href", "data", "background", "poster", "srcdoc"];
// Elements with no business in the portal's own pages; any of them came from a payload.
const FOREIGN_ELEMENTS = [
  "iframe",
  "frame",
  "object",
  "embed",
  "base",
  "template",
  "noscript",
  "xmp",
  "plaintext",
  "textarea:not([name])",
];

/** Everything in the current document that could run code, each named; the portal's own nonce'd scripts excepted. */
export function unsafeElements(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ urlAttributes, foreignElements }) => {
      const found: string[] = [];
      const describe = (element: Element) => element.outerHTML.slice(0, 120);
      for (const element of document.querySelectorAll("*")) {
        for (const attribute of element.attributes) {
          const name = attribute.name.toLowerCase();
          const value = attribute.value.replace(/[\u0000-\u0020]+/g, "").toLowerCase();
          if (name.startsWith("on")) found.push(`handler ${describe(element)}`);
          if (urlAttributes.includes(name) && /^(javascript|vbscript|data:text\/html|data:image\/svg)/.test(value))
            found.push(`url ${describe(element)}`);
          if (name === "srcdoc") found.push(`srcdoc ${describe(element)}`);
          if (name === "style" && /expression\(|javascript:|behavior:/.test(value))
            found.push(`style ${describe(element)}`);
          if (name === "http-equiv" && value === "refresh") found.push(`refresh ${describe(element)}`);
        }
        // The portal's scripts carry the response's nonce; the DOM hides its value but
        // keeps it on the element.
        if ((element instanceof HTMLScriptElement || element instanceof SVGScriptElement) && element.nonce === "")
          found.push(`script ${describe(element)}`);
      }
      // The portal's own <template> of module preloads, held until the stylesheet is in
      // (decision 070): only links that preload the portal's own scripts, each with the nonce.
      const isPortalPreloads = (element: Element) =>
        element instanceof HTMLTemplateElement &&
        element.id === "module-preloads" &&
        [...element.content.children].every(
          (link) =>
            link instanceof HTMLLinkElement &&
            link.rel === "modulepreload" &&
            link.hasAttribute("nonce") &&
            new URL(link.href, location.href).origin === location.origin &&
            new URL(link.href, location.href).pathname.startsWith("/assets/"),
        );
      for (const element of document.querySelectorAll(foreignElements.join(", ")))
        if (!isPortalPreloads(element)) found.push(`element ${describe(element)}`);
      return found;
    },
    { urlAttributes: URL_ATTRIBUTES, foreignElements: FOREIGN_ELEMENTS },
  );
}

/** Nothing ran, nothing is waiting to run. Soft, so every place's findings are reported. */
export async function expectNothingExecutable(page: Page, trap: Trap, place: string): Promise<void> {
  expect.soft(trap.fired, `payloads that ran on ${place}`).toEqual([]);
  expect.soft(trap.dialogs, `dialogs opened on ${place}`).toEqual([]);
  expect.soft(await unsafeElements(page), `executable markup on ${place}`).toEqual([]);
}
