import { expect, test } from "@playwright/test";
import { createAccount } from "../support/accounts.ts";
import { fieldValue, postFormWithHeaders } from "../support/http.ts";
import { sessionCookieFor } from "../support/session.ts";

// Decision 071: a browser that asks to save data or says it is on 2G gets every page without a
// script or a module preload, unless the person chose otherwise with the Lite pages switch,
// whose cookie wins both ways. A page that runs script (the airtime form) in each language.

const AIRTIME = "/dashboard/purchase-airtime";

const CASES: [name: string, headers: Record<string, string>, lite: string | null, scripts: boolean][] = [
  ["nothing said", {}, null, true],
  ["Save-Data: on", { "Save-Data": "on" }, null, false],
  ["ECT: 2g", { ECT: "2g" }, null, false],
  ["ECT: slow-2g", { ECT: "slow-2g" }, null, false],
  ["ECT: 3g", { ECT: "3g" }, null, true],
  ["Lite pages chosen on a fast line", { ECT: "4g" }, "on", false],
  ["Lite pages turned off, with Save-Data on a 2G line", { "Save-Data": "on", ECT: "2g" }, "off", true],
];

test("Save-Data and a 2G connection get pages with no script or module preload, unless the person chose otherwise", async ({
  request,
}) => {
  const session = await sessionCookieFor(await createAccount("lite-pages-http", { verified: true }));
  for (const language of ["en-NG", "pcm", "ha"]) {
    for (const [name, headers, lite, scripts] of CASES) {
      const cookie = [session, `lang=${language}`, ...(lite === null ? [] : [`lite=${lite}`])].join("; ");
      const answer = await request.get(AIRTIME, { headers: { ...headers, Cookie: cookie } });
      const html = await answer.text();
      expect(answer.status(), name).toBe(200);
      expect(html, name).toContain(`lang="${language}"`);
      expect(/<script\b/.test(html), `${language}, ${name}: script`).toBe(scripts);
      expect(html.includes("modulepreload"), `${language}, ${name}: module preloads`).toBe(scripts);
    }
  }
});

test("every page asks for the connection type and says it differs by it and by Save-Data, kept public pages too", async ({
  request,
}) => {
  for (const path of ["/login", "/", "/pricing"]) {
    const answer = await request.get(path);
    expect(answer.headers()["accept-ch"], path).toBe("ECT");
    expect(answer.headers()["vary"], path).toMatch(/Save-Data, ECT/);
  }
});

test("the switch posts like the language form: the cookie, back to the page, only a path of this site", async ({
  request,
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const posts: [lite: string, back: string, location: string][] = [
    ["on", "/pricing", "/pricing"],
    ["off", "/login?redirectTo=%2Fdashboard", "/login?redirectTo=%2Fdashboard"],
    ["on", "//evil.example/x", "/"],
  ];
  for (const [lite, back, location] of posts) {
    const answer = await postFormWithHeaders(
      request,
      "/lite-pages",
      { lite, back },
      { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    );
    expect(answer.status(), back).toBe(302);
    expect(answer.headers().location, back).toBe(location);
    expect(answer.headers()["set-cookie"], back).toMatch(
      new RegExp(`^lite=${lite}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`),
    );
  }
  expect(
    (
      await postFormWithHeaders(
        request,
        "/lite-pages",
        { lite: "maybe" },
        { Origin: origin, "Sec-Fetch-Site": "same-origin" },
      )
    ).status(),
  ).toBe(400);

  // A kept page's token is nobody's: without Fetch Metadata, asked once more with the browser's own.
  const browser = await playwright.request.newContext({ baseURL: origin });
  try {
    const asked = await postFormWithHeaders(
      browser,
      "/lite-pages",
      { lite: "on", back: "/about-us", csrf: "a-token-nobody-holds" },
      { Origin: origin },
    );
    expect(asked.status()).toBe(200);
    const page = await asked.text();
    expect(page).toContain("For your safety, press the button once more to confirm.");
    expect(asked.headers()["set-cookie"] ?? "").not.toContain("lite=");
    expect(fieldValue(page, "lite")).toBe("on");
    const confirmed = await postFormWithHeaders(
      browser,
      "/lite-pages",
      { lite: fieldValue(page, "lite"), back: fieldValue(page, "back"), csrf: fieldValue(page, "csrf") },
      { Origin: origin },
    );
    expect(confirmed.status()).toBe(302);
    expect(confirmed.headers().location).toBe("/about-us");
    expect(confirmed.headers()["set-cookie"]).toMatch(/^lite=on;/);
  } finally {
    await browser.dispose();
  }
});
