import type { APIRequestContext } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { expect, expectLoggedWithRequestId, expectNothingLeaked, PAGE_STATUS, test } from "../support/fault-portal.ts";
import { FAULTS, type FaultUpstream, type PathMatch } from "../support/fault-upstream.ts";
import { signInOver } from "../support/http.ts";
import { textOf, unescapeHtml } from "../support/text.ts";

// Decisions 005 and 017: every page whose loader calls the upstream, under every fault, answers
// 502/503/504 with a plain explanation and a way to try again, leaks nothing of the upstream
// and logs the request under the id it answered with. Table-driven over HTTP: what is
// checked is the document the server sends, the same with or without a browser.
//
// Public pages share a 60-second cache of the upstream's answers; nothing in this portal ever
// loads one while the upstream is healthy, so every request here reaches the fault.

type PageCase = {
  path: string;
  /** The call this page cannot do without. */
  call: PathMatch;
  /** Where the page keeps its shell and says so itself (a load that failed, with a retry link), its words. */
  ownWords?: string;
};

const PUBLIC_PAGES: PageCase[] = [
  { path: "/", call: "/v1/" },
  { path: "/pricing", call: "/v1/" },
  { path: "/about-us", call: "/v1/" },
  { path: "/contact-us", call: "/v1/" },
  { path: "/terms-and-conditions", call: "/v1/" },
  { path: "/privacy-policy", call: "/v1/" },
];

const PROFILE = "/v1/user/profile/";

const SIGNED_IN_PAGES: PageCase[] = [
  { path: "/dashboard", call: PROFILE },
  { path: "/dashboard/profile", call: PROFILE },
  {
    path: "/dashboard/transactions",
    call: /^\/v1\/get-transactions\/$/,
    ownWords: "We could not load your transactions just now.",
  },
  { path: "/dashboard/receipt/{id}", call: /^\/v1\/get-transactions\/\d+$/ },
  { path: "/dashboard/fund-wallet", call: PROFILE },
  { path: "/dashboard/fund-wallet?method=transfer", call: "/v1/get-settings/" },
  { path: "/dashboard/fund-wallet?method=manual", call: "/v1/get-manual-funding-details/" },
  { path: "/dashboard/purchase-airtime", call: "/v1/get-airtime-" },
  { path: "/dashboard/purchase-data", call: "/v1/get-data-packages/" },
  { path: "/dashboard/purchase-data?provider={provider}", call: "/v1/get-data-plans/" },
  { path: "/dashboard/send-sms", call: "/v1/get-sms-packages/" },
  { path: "/dashboard/pay-for-tv", call: "/v1/get-tv-packages/" },
  { path: "/dashboard/pay-for-tv?provider={provider}", call: "/v1/get-tv-plan/" },
  { path: "/dashboard/pay-for-electricity", call: "/v1/get-electricity-packages/" },
  { path: "/dashboard/purchase-exam-pins", call: "/v1/get-exam-packages/" },
  { path: "/dashboard/purchase-exam-pins?provider={provider}", call: "/v1/get-exam-type/" },
  { path: "/otp", call: PROFILE },
  { path: "/personal-info", call: PROFILE },
];

/**
 * Pages that render without one of their calls and say so in their own words, with a way to
 * try again; `still` is what the page shows all the same.
 */
const PARTIAL_PAGES = [
  {
    path: "/dashboard",
    call: "/v1/get-settings/",
    ownWords: "We could not load the latest announcements.",
    still: [/<p class="balance">₦1,000\.00<\/p>/],
  },
  {
    path: "/dashboard/profile",
    call: "/v1/get-bank-list/",
    ownWords: "We could not load the list of banks.",
    // The bank name becomes a text field, and the page's other forms are all there.
    still: [
      /<input [^>]*type="text" name="bankName"/,
      /name="oldPassword"/,
      /name="webhookUrl"/,
      /name="bvn"/,
      /name="nin"/,
    ],
  },
] as const;

const HEADINGS = {
  504: "Our service is slow to answer",
  503: "We can't reach our service right now",
  502: "We can't reach our service right now",
} as const;

function expectExplained(html: string, page: PageCase, path: string, status: 502 | 503 | 504): void {
  const text = textOf(html);
  if (page.ownWords) {
    expect(text).toContain(page.ownWords);
  } else {
    expect(unescapeHtml(/<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? "")).toBe(HEADINGS[status]);
    expect(text).toContain("Please try again in a minute.");
  }
  // "Try again" asks for this very address again.
  const retry = /<a href="([^"]*)"[^>]*>Try again<\/a>/.exec(html)?.[1];
  expect(retry, "a Try again link").toBeDefined();
  const asked = new URL(path, "http://portal.invalid");
  const again = new URL(unescapeHtml(retry ?? ""), asked);
  expect(again.pathname).toBe(asked.pathname);
  for (const [name, value] of asked.searchParams) expect(again.searchParams.get(name)).toBe(value);
}

/** The page's own address, with a real receipt id or provider id where the case has a placeholder. */
async function resolvePath(request: APIRequestContext, path: string): Promise<string> {
  if (path.includes("{id}")) {
    const html = await (await request.get("/dashboard/transactions")).text();
    const id = /href="\/dashboard\/receipt\/(\d+)"/.exec(html)?.[1];
    expect(id, "a receipt link on the transactions page").toBeDefined();
    return path.replace("{id}", id ?? "");
  }
  if (path.includes("{provider}")) {
    const html = await (await request.get(path.slice(0, path.indexOf("?")))).text();
    const id = /<option value="(\d+)"/.exec(html)?.[1];
    expect(id, `a provider on ${path}`).toBeDefined();
    return path.replace("{provider}", id ?? "");
  }
  return path;
}

function inject(faults: FaultUpstream, fault: (typeof FAULTS)[number], page: PageCase): void {
  faults.heal();
  faults.inject(fault, page.call);
}

for (const page of PUBLIC_PAGES) {
  test(`${page.path} under every upstream fault: 502/503/504, explained, Try again, nothing leaked, logged`, async ({
    request,
    faults,
    faultPortal,
  }) => {
    for (const fault of FAULTS) {
      await test.step(fault, async () => {
        inject(faults, fault, page);
        const answer = await request.get(page.path);
        const html = await answer.text();
        expect(answer.status()).toBe(PAGE_STATUS[fault]);
        expectExplained(html, page, page.path, PAGE_STATUS[fault]);
        expectNothingLeaked(html, faults);
        await expectLoggedWithRequestId(faultPortal, answer, fault);
      });
    }
  });
}

for (const page of SIGNED_IN_PAGES) {
  test(`${page.path} under every upstream fault: 502/503/504, explained, Try again, nothing leaked, logged`, async ({
    request,
    faults,
    faultPortal,
  }) => {
    const buyer = await createBuyer("fault-pages", { balanceKobo: 1_000_00, database: faults.databasePath });
    await signInOver(request, faultPortal.origin, buyer);
    const path = await resolvePath(request, page.path);
    for (const fault of FAULTS) {
      await test.step(fault, async () => {
        inject(faults, fault, page);
        const answer = await request.get(path, { maxRedirects: 0 });
        const html = await answer.text();
        expect(answer.status()).toBe(PAGE_STATUS[fault]);
        expectExplained(html, page, path, PAGE_STATUS[fault]);
        expectNothingLeaked(html, faults);
        await expectLoggedWithRequestId(faultPortal, answer, fault);
      });
    }
  });
}

for (const page of PARTIAL_PAGES) {
  test(`${page.path} with ${page.call} failing in every way: 200, the page's own words, Try again, nothing leaked, logged`, async ({
    request,
    faults,
    faultPortal,
  }) => {
    const buyer = await createBuyer("fault-partial", { balanceKobo: 1_000_00, database: faults.databasePath });
    await signInOver(request, faultPortal.origin, buyer);
    for (const fault of FAULTS) {
      await test.step(fault, async () => {
        inject(faults, fault, page);
        const answer = await request.get(page.path, { maxRedirects: 0 });
        const html = await answer.text();
        expect(answer.status()).toBe(200);
        expect(textOf(html)).toContain(page.ownWords);
        expect(html).toContain(`<a href="${page.path}">Try again</a>`);
        for (const shown of page.still) expect(html).toMatch(shown);
        expectNothingLeaked(html, faults);
        await expectLoggedWithRequestId(faultPortal, answer, fault);
      });
    }
    // And once the call works again, the fallback is gone.
    faults.heal();
    expect(textOf(await (await request.get(page.path)).text())).not.toContain(page.ownWords);
  });
}

test("the upstream coming back: the next request works, without restarting the portal", async ({
  request,
  faults,
  faultPortal,
}) => {
  const buyer = await createBuyer("fault-heal", { balanceKobo: 1_000_00, database: faults.databasePath });
  await signInOver(request, faultPortal.origin, buyer);
  faults.inject("slow", "/v1/");
  expect((await request.get("/dashboard/purchase-airtime")).status()).toBe(504);
  expect(await (await request.get("/healthz")).json()).toMatchObject({ upstream: "down" });

  faults.heal();
  const page = await request.get("/dashboard/purchase-airtime");
  expect(page.status()).toBe(200);
  // React separates the label's words and the space after them with an empty comment.
  expect((await page.text()).replaceAll("<!-- -->", "")).toContain("Wallet balance: <strong>₦1,000.00</strong>");
  expect(await (await request.get("/healthz")).json()).toMatchObject({ status: "ok", upstream: "up" });
});
