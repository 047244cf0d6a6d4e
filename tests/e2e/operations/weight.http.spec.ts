import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

// Issue "Performance and weight", part 4, and decision 034: the browser gets one stylesheet of
// at most 10 KB gzipped (in the kB of Vite's build report), Pico's parts the portal uses and
// our own rules. A route that imports a stylesheet of its own, a second link in root.tsx or a
// Pico module switched back on without a page needing it shows here first.

const STYLESHEET_GZIP_BUDGET = 10_000;

const ASSETS = new URL("../../../build/client/assets/", import.meta.url);

test("the build has one stylesheet, every kind of page links only it, and it is at most 10 KB gzipped", async ({
  request,
}) => {
  const built = readdirSync(ASSETS).filter((name) => name.endsWith(".css"));
  expect(built, "stylesheets in build/client/assets").toHaveLength(1);
  const href = `/assets/${built[0] ?? ""}`;

  // A public page (kept by the page cache), a form page, and the page-not-found page.
  for (const path of ["/", "/login", "/no-such-page"]) {
    const html = await (await request.get(path)).text();
    const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
      ([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1],
    );
    expect(links, path).toEqual([href]);
  }

  const response = await request.get(href);
  expect(response.status()).toBe(200);
  const gzipped = gzipSync(await response.body(), { level: 9 }).length;
  expect(gzipped, `${href} gzipped (gzip -9), in bytes`).toBeLessThanOrEqual(STYLESHEET_GZIP_BUDGET);
});
