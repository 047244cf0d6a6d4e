import { describe, expect, it } from "vitest";
import { preloadsAfterStylesheet } from "./first-paint.server.ts";

const NONCE = "n0nce+/=";

/** A document as React Router and React render it: module preloads hoisted ahead of the stylesheet. */
function rendered(preloads: string[]): string {
  const links = preloads.map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`).join("");
  return (
    `<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/><title>Login</title>${links}` +
    `<link nonce="${NONCE}" rel="stylesheet" href="/assets/portal.css"/></head>` +
    `<body><main>Login</main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
    `<script nonce="${NONCE}" type="module" async="">import "/assets/root.js";</script></body></html>`
  );
}

describe("preloadsAfterStylesheet", () => {
  it("leaves the stylesheet alone in <head> and asks for the modules from a script just before the module script", () => {
    const html = preloadsAfterStylesheet(rendered(["/assets/entry.client.js", "/assets/root.js"]));
    const [head = "", body = ""] = html.split("</head>");
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('rel="stylesheet" href="/assets/portal.css"');
    expect(body).toContain(
      '<template id="module-preloads">' +
        `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/>` +
        `<link rel="modulepreload" href="/assets/root.js" nonce="${NONCE}"/></template>` +
        `<script nonce="${NONCE}">document.head.append(document.getElementById("module-preloads").content)</script>` +
        `<script nonce="${NONCE}" type="module" async="">`,
    );
    // After the data the page hydrates from: that classic script, too, waits for the stylesheet.
    expect(body.indexOf("__reactRouterContext")).toBeLessThan(body.indexOf("<template"));
  });

  it("leaves a page without scripts as it is", () => {
    const page = '<html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Home</p></body></html>';
    expect(preloadsAfterStylesheet(page)).toBe(page);
  });

  it("leaves preloads where they are when there is no module script to go before", () => {
    const page = rendered(["/assets/root.js"]).replace(/<script[^]*<\/script>/, "");
    expect(preloadsAfterStylesheet(page)).toBe(page);
  });
});
