import { expect, test } from "@playwright/test";
import { fieldValue, postFormWithHeaders } from "../support/http.ts";

// Decision 055: the language form's post. The public pages are kept whole for every visitor
// (decision 029), so the token in their footer form is nobody's; a post the browser marks as
// coming from this site's own page (Sec-Fetch-Site, which no other site can set) is believed,
// and any other needs the browser's own CSRF token, as every form does. It returns only to a
// path of this site.

test("a post from the site's own page sets the language and returns to that path, never to another site", async ({
  request,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const targets: [back: string, location: string][] = [
    ["/pricing", "/pricing"],
    ["/login?redirectTo=%2Fdashboard", "/login?redirectTo=%2Fdashboard"],
    ["//evil.example/x", "/"],
    ["https://evil.example/", "/"],
    ["/\\evil.example", "/"],
  ];
  for (const [back, location] of targets) {
    const answer = await postFormWithHeaders(
      request,
      "/language",
      { language: "ha", back },
      { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    );
    expect(answer.status(), back).toBe(302);
    expect(answer.headers().location, back).toBe(location);
    expect(answer.headers()["set-cookie"], back).toMatch(/^lang=ha; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
  }
});

test("without it, the browser's own CSRF token is needed: asked once more, then set", async ({
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  // A browser with no cookies yet, posting the footer form of a kept page (a token nobody
  // holds), through a proxy that sends no Fetch Metadata.
  const browser = await playwright.request.newContext({ baseURL: origin });
  const asked = await postFormWithHeaders(
    browser,
    "/language",
    { language: "pcm", back: "/about-us", csrf: "a-token-nobody-holds" },
    { Origin: origin },
  );
  expect(asked.status()).toBe(200);
  const page = await asked.text();
  expect(page).toContain("For your safety, press Change once more to confirm.");
  expect(page).toContain('<option value="pcm" lang="pcm" selected="">');
  expect(asked.headers()["set-cookie"] ?? "").not.toContain("lang=");

  const confirmed = await postFormWithHeaders(
    browser,
    "/language",
    { language: "pcm", back: fieldValue(page, "back"), csrf: fieldValue(page, "csrf") },
    { Origin: origin },
  );
  expect(confirmed.status()).toBe(302);
  expect(confirmed.headers().location).toBe("/about-us");
  expect(confirmed.headers()["set-cookie"]).toContain("lang=pcm;");
  await browser.dispose();
});

test("a language the portal does not have is refused", async ({ request, baseURL }) => {
  const answer = await postFormWithHeaders(
    request,
    "/language",
    { language: "fr", back: "/" },
    { Origin: baseURL ?? "", "Sec-Fetch-Site": "same-origin" },
  );
  expect(answer.status()).toBe(400);
  expect(answer.headers()["set-cookie"] ?? "").not.toContain("lang=");
});
