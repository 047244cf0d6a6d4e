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

/** The page as it goes out, read back as text. */
function moved(html: string): string {
  return preloadsAfterStylesheet(Buffer.from(html)).toString();
}

describe("preloadsAfterStylesheet", () => {
  it("asks for the modules from a script just after the stylesheet, which it waits for", () => {
    const html = moved(rendered(["/assets/entry.client.js", "/assets/root.js"]));
    const [head = "", body = ""] = html.split("</head>");
    expect(head).toContain(
      `<link nonce="${NONCE}" rel="stylesheet" href="/assets/portal.css"/>` +
        '<template id="module-preloads">' +
        `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/>` +
        `<link rel="modulepreload" href="/assets/root.js" nonce="${NONCE}"/></template>` +
        `<script nonce="${NONCE}">requestAnimationFrame(()=>setTimeout(()=>` +
        `document.head.append(document.getElementById("module-preloads").content)))</script>`,
    );
    // Nowhere else: not ahead of the stylesheet, where the browser would ask for both at once.
    expect(html.match(/modulepreload/g)).toHaveLength(2);
    expect(head.indexOf("modulepreload")).toBeGreaterThan(head.indexOf('rel="stylesheet"'));
    expect(body).toContain(`<script nonce="${NONCE}" type="module" async="">import "/assets/root.js";</script>`);
  });

  it("names each module once", () => {
    const html = moved(rendered(["/assets/entry.client.js", "/assets/root.js", "/assets/entry.client.js"]));
    expect(html.match(/modulepreload/g)).toHaveLength(2);
  });

  it("asks after the last of several stylesheets, and at the end of <head> when there is none", () => {
    const two = rendered(["/assets/root.js"]).replace(
      "</head>",
      `<link nonce="${NONCE}" rel="stylesheet" href="/assets/print.css"/></head>`,
    );
    const head = moved(two).split("</head>")[0] ?? "";
    expect(head.indexOf("<template")).toBeGreaterThan(head.indexOf("print.css"));

    const none = rendered(["/assets/root.js"]).replace(/<link nonce[^>]*rel="stylesheet"[^>]*>/, "");
    expect(moved(none)).toMatch(/<\/script><\/head>/);
  });

  it("sends a page without scripts as it was rendered", () => {
    const page = Buffer.from(
      '<html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Home</p></body></html>',
    );
    expect(preloadsAfterStylesheet(page)).toBe(page);
  });

  it("leaves preloads where they are when there is no module script to go before", () => {
    const page = rendered(["/assets/root.js"]).replace(/<script[^]*<\/script>/, "");
    expect(moved(page)).toBe(page);
  });

  it("keeps every other character as it came: naira signs and Hausa letters, in the head and the body", () => {
    const page = rendered(["/assets/root.js"])
      .replace("<title>Login</title>", "<title>Shiga ƙasa ₦1,234.50</title>")
      .replace("<main>Login</main>", "<main>Ɗan kasuwa: ₦50 — “saya”</main>");
    const html = moved(page);
    expect(html).toContain("<title>Shiga ƙasa ₦1,234.50</title>");
    expect(html).toContain("<main>Ɗan kasuwa: ₦50 — “saya”</main>");
    expect(html.replace(/<template[^]*?<\/script>/, "")).toBe(page.replace(/<link rel="modulepreload"[^>]*>/g, ""));
  });
});
