import type { APIResponse } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { scriptNonce, scriptTags } from "../support/http.ts";
import { OUTAGE_BASE_URL } from "../support/portals.ts";

// Security headers on every document (decision 018). These are about the server's answer, so they
// use the request fixture, and run once (decision 047).

// The public pages and the signed-out page-not-found are served from the page cache with no
// script at all (decision 029): their own block below. These are rendered for each answer
// (a query string keeps an address out of the cache).
const DOCUMENTS = [
  { name: "a page (200)", path: "/login", status: 200 },
  { name: "page not found, rendered (404)", path: "/no-such-page?from=old-link", status: 404 },
] as const;

function expectDocumentHeaders(response: APIResponse): void {
  const headers = response.headers();
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toMatch(/(^|;)\s*script-src 'self' 'nonce-[A-Za-z0-9+/=_-]{16,}'(;|$)/);
  expect(policy).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
  expect(policy).not.toContain("'unsafe-inline'");
  expect(policy).not.toContain("'unsafe-eval'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"] ?? "").not.toBe("");
  expect(headers["x-powered-by"]).toBeUndefined();
}

for (const { name, path, status } of DOCUMENTS) {
  test.describe(`security headers on ${name}`, () => {
    test("has the CSP with a nonce, framing denied, nosniff, referrer and permissions policies", async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(status);
      expect(response.headers()["content-type"]).toMatch(/^text\/html/);
      expectDocumentHeaders(response);
    });

    test("sends no HSTS over plain http", async ({ request }) => {
      const response = await request.get(path);
      expect(response.headers()["strict-transport-security"]).toBeUndefined();
    });

    test("a forged X-Forwarded-Proto: https does not bring HSTS when the proxy is not trusted", async ({ request }) => {
      const response = await request.get(path, { headers: { "X-Forwarded-Proto": "https" } });
      expect(response.status()).toBe(status);
      expect(response.headers()["strict-transport-security"]).toBeUndefined();
    });

    test("a new CSP nonce for every response", async ({ request }) => {
      const first = scriptNonce((await request.get(path)).headers()["content-security-policy"]);
      const second = scriptNonce((await request.get(path)).headers()["content-security-policy"]);
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      expect(first).not.toBe(second);
    });

    test("any script in the document carries this response's nonce", async ({ request }) => {
      const response = await request.get(path);
      const nonce = scriptNonce(response.headers()["content-security-policy"]);
      expect(nonce).not.toBeNull();
      for (const tag of scriptTags(await response.text())) {
        expect(tag).toContain(`nonce="${nonce ?? ""}"`);
      }
    });
  });
}

test.describe("security headers on a public page or the page-not-found served to a signed-out visitor", () => {
  test("no script may run at all, framing denied, nosniff, and no other visitor's cookie", async ({ request }) => {
    for (const [path, status] of [
      ["/", 200],
      ["/pricing", 200],
      ["/about-us", 200],
      ["/no-such-page", 404],
    ] as const) {
      const first = await request.get(path);
      const again = await request.get(path);
      for (const response of [first, again]) {
        const headers = response.headers();
        expect(response.status()).toBe(status);
        expect(headers["content-security-policy"]).toMatch(/(^|;)\s*script-src 'none'(;|$)/);
        expect(headers["content-security-policy"]).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
        expect(headers["x-content-type-options"]).toBe("nosniff");
        expect(headers["set-cookie"]).toBeUndefined();
        expect(scriptTags(await response.text())).toEqual([]);
      }
      expect(first.headers()["x-request-id"]).not.toBe(again.headers()["x-request-id"]);
    }
  });

  test("a signed-in visitor's public page is rendered for them, with that answer's nonce", async ({
    page,
    signInBuyer,
  }) => {
    await signInBuyer({ balanceKobo: 0 });
    const response = await page.goto("/pricing");
    expect(scriptNonce(response?.headers()["content-security-policy"])).not.toBeNull();
  });
});

test("the outage page (503) has the same document headers", async ({ request }) => {
  const response = await request.get(`${OUTAGE_BASE_URL}/pricing`);
  expect(response.status()).toBe(503);
  expectDocumentHeaders(response);
  expect(response.headers()["strict-transport-security"]).toBeUndefined();
});

test("non-document answers carry nosniff and no X-Powered-By", async ({ request }) => {
  for (const path of ["/healthz", "/favicon.svg"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
  }
});

test("the built scripts and stylesheets carry a file's headers, their own types, are kept a year, and nothing a document reads", async ({
  request,
}) => {
  // The sign-up page hydrates, so it names the client's scripts as well as the stylesheets.
  const html = await (await request.get("/register")).text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  expect(assets.filter((path) => path.endsWith(".js")).length).toBeGreaterThan(0);
  expect(assets.filter((path) => path.endsWith(".css")).length).toBeGreaterThan(0);
  for (const path of assets) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(response.status(), path).toBe(200);
    expect(headers["content-type"], path).toMatch(
      path.endsWith(".js") ? /^(text|application)\/javascript/ : /^text\/css/,
    );
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["cache-control"], path).toMatch(/max-age=31536000.*immutable/);
    // Decision 095: what only a document reads, and validators nobody asks with, stay off.
    for (const name of ["x-frame-options", "referrer-policy", "permissions-policy", "x-request-id", "etag"]) {
      expect(headers[name], `${path} ${name}`).toBeUndefined();
    }
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
  // A name no build wrote, as a page from before a deploy asks for it: a plain 404, no page.
  const missing = await request.get("/assets/no-such-file.js");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["x-content-type-options"]).toBe("nosniff");
  expect(missing.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await missing.text()).toBe("Not found.\n");
});

test("the browser reports no Content-Security-Policy violation on the public pages", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/pricing", "/contact-us", "/no-such-page"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
});
