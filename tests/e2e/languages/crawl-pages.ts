import type { Person } from "../support/accounts.ts";
import { type Answer, type Language, LANGUAGES, optionsOf, pressIntent, Visitor } from "../support/crawl.ts";
import { mainPortal, OUTAGE_BASE_URL, PRODUCT_NAME } from "../support/portals.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";
import { mintSessionCookie, sessionCookieFor } from "../support/session.ts";

// The pages of the language crawl (crawl.http.spec.ts) and of the Hausa narrow-screen check
// (narrow-hausa.once.spec.ts): every page of the portal, and every state a form leads to, as a
// visitor in one language reaches it. Left out: the sandbox's own tool pages (/sandbox/outbox,
// /sandbox/tester, the card gateway's checkout), which stand in for e-mail, a bank and a card
// gateway and are developer tools, not the portal.

const PHONES: Record<Language, string> = { "en-NG": "08031110001", pcm: "08031110002", ha: "08031110003" };

/** Second numbers for bulk buying, one per language, so no purchase repeats another's. */
export const SECOND_PHONES: Record<Language, string> = {
  "en-NG": "08061234561",
  pcm: "08061234562",
  ha: "08061234563",
};
/** What the visitors type that a page shows back: their own data (d). */
export const TYPED = ["Sannu 2026", "0803111", ...Object.values(PHONES), ...Object.values(SECOND_PHONES)];

/** One page of the crawl: how a visitor reaches it, and the status it answers. */
export type Stop = {
  name: string;
  status?: number;
  /** What in the page's HTML proves the visit reached the state it names (a step's button, the upstream's answer). */
  shows?: RegExp;
  visit: (visitor: Visitor) => Promise<Answer>;
};

const CONFIRM_STEP = /<button[^>]*value="confirm"/;
const BOUGHT = /You were charged ₦/;

export const get = (path: string, status = 200): Stop => ({
  name: `GET ${path}`,
  status,
  visit: (visitor) => visitor.get(path),
});

export async function signedInVisitors(origin: string, person: Person): Promise<Record<Language, Visitor>> {
  const entries = await Promise.all(
    LANGUAGES.map(async (language) => [language, new Visitor(origin, language, [await sessionCookieFor(person)])]),
  );
  return Object.fromEntries(entries) as Record<Language, Visitor>;
}

export function signedOutVisitors(origin: string): Record<Language, Visitor> {
  return { "en-NG": new Visitor(origin, "en-NG"), pcm: new Visitor(origin, "pcm"), ha: new Visitor(origin, "ha") };
}

/**
 * Visitors whose session names a sign-in whose token no HTTP header can carry: the dashboard's
 * first upstream call throws what nobody expects, and the page is the error page (500), as in
 * tests/e2e/security/headers.http.spec.ts.
 */
export async function brokenSessionVisitors(origin: string): Promise<Record<Language, Visitor>> {
  const { pair } = await mintSessionCookie(mainPortal(), { token: "broken\ntoken", accountId: 1 });
  return {
    "en-NG": new Visitor(origin, "en-NG", [pair]),
    pcm: new Visitor(origin, "pcm", [pair]),
    ha: new Visitor(origin, "ha", [pair]),
  };
}

/** The error page of an unexpected error. */
export function errorStops(): Stop[] {
  return [
    { name: "GET /dashboard that fails unexpectedly", status: 500, visit: (visitor) => visitor.get("/dashboard") },
  ];
}

/** Signed out: the public pages, the account pages, the language page and the error pages. */
export function publicStops(person: Person): Stop[] {
  return [
    get("/"),
    get("/about-us"),
    get("/pricing"),
    get("/contact-us"),
    get("/terms-and-conditions"),
    get("/privacy-policy"),
    get("/no-such-page", 404),
    get("/login"),
    {
      name: "POST /login (empty)",
      shows: /aria-invalid="true"/,
      status: 400,
      visit: async (visitor) => pressIntent(visitor, await visitor.get("/login"), "/login", {}),
    },
    get("/register"),
    get("/forgot-password"),
    {
      name: "POST /forgot-password (sent)",
      visit: async (visitor) =>
        pressIntent(visitor, await visitor.get("/forgot-password"), "/forgot-password", { email: person.email }),
    },
    get("/password_reset/confirm"),
    get("/password_reset/confirm?uid=1&token=not-a-real-one"),
    get("/language"),
    {
      name: "POST /language (asked once more)",
      shows: /<option value="[^"]*"[^>]*selected=""/,
      visit: (visitor) =>
        visitor.post("/language", { language: visitor.language, back: "/about-us", csrf: "a-token-nobody-holds" }),
    },
    get("/lite-pages"),
    {
      name: "POST /lite-pages (asked once more)",
      shows: /<input type="hidden" name="lite" value="on"/,
      visit: (visitor) => visitor.post("/lite-pages", { lite: "on", back: "/about-us", csrf: "a-token-nobody-holds" }),
    },
    {
      name: "POST a form whose token has expired",
      status: 403,
      visit: (visitor) => visitor.post("/login", { csrf: "expired", email: person.email, password: "x" }),
    },
    { name: "GET / with the upstream down", status: 503, visit: (visitor) => visitor.at(OUTAGE_BASE_URL).get("/") },
  ];
}

/** The OTP step and personal information, as a person who has just signed up meets them. */
export function newcomerStops(): Stop[] {
  return [get("/otp"), get("/personal-info")];
}

/** The dashboard's pages as they open. */
export function dashboardStops(): Stop[] {
  return [
    get("/dashboard"),
    get("/dashboard/profile"),
    get("/dashboard/profile/forgot-pin"),
    get("/dashboard/saved-numbers"),
    get("/dashboard/customer-lists"),
    get("/dashboard/renewals"),
    get("/dashboard/fund-wallet"),
    get("/dashboard/fund-wallet?method=transfer"),
    get("/dashboard/fund-wallet?method=manual"),
    get("/dashboard/purchase-airtime"),
    get("/dashboard/purchase-data"),
    get("/dashboard/send-sms"),
    get("/dashboard/pay-for-tv"),
    get("/dashboard/pay-for-electricity"),
    get("/dashboard/purchase-exam-pins"),
    get("/dashboard/bulk-purchase"),
    get("/dashboard/transactions"),
    get("/dashboard/transactions?q=MTN"),
    get("/dashboard/statement"),
    get("/dashboard/profile/selling-prices"),
    get("/dashboard/profit"),
    get("/dashboard/profit?period=month"),
    get("/dashboard/no-such-page", 404),
  ];
}

const AIRTIME = "/dashboard/purchase-airtime";
const DATA = "/dashboard/purchase-data";
const SMS = "/dashboard/send-sms";
const TV = "/dashboard/pay-for-tv";
const ELECTRICITY = "/dashboard/pay-for-electricity";
const EXAM = "/dashboard/purchase-exam-pins";

/** The value of the first option of `select` whose text starts with `label` (or the first with a value). */
function choose(answer: Answer, select: string, label = ""): string {
  const option = optionsOf(answer.html, select).find(
    (candidate) => candidate.value !== "" && candidate.text.startsWith(label),
  );
  if (option === undefined) throw new Error(`no ${select} option "${label}" on ${answer.path} (${answer.status})`);
  return option.value;
}

/** Each product from its form to its result: the steps between, each a page of the crawl. */
export function purchaseStops(): Stop[] {
  const airtime = async (visitor: Visitor) => {
    const form = await visitor.get(AIRTIME);
    return pressIntent(visitor, form, "process", {
      provider: choose(form, "provider", "MTN"),
      phone: PHONES[visitor.language as Language],
      amount: "100",
    });
  };
  const dataPlans = async (visitor: Visitor) => {
    const form = await visitor.get(DATA);
    return pressIntent(visitor, form, "continue", { provider: choose(form, "provider", "MTN") });
  };
  const data = async (visitor: Visitor) => {
    const plans = await dataPlans(visitor);
    return pressIntent(visitor, plans, "process", {
      plan: choose(plans, "plan"),
      phone: PHONES[visitor.language as Language],
    });
  };
  const sms = async (visitor: Visitor) =>
    pressIntent(visitor, await visitor.get(SMS), "process", {
      sender: PRODUCT_NAME,
      phones: PHONES[visitor.language as Language],
      message: "Sannu 2026",
    });
  // One provider per language, so no purchase repeats another's ("You bought this a moment ago").
  const bouquet: Record<Language, string> = { "en-NG": "DSTV", pcm: "GOTV", ha: "STARTIMES" };
  const tvVerified = async (visitor: Visitor) => {
    const form = await visitor.get(TV);
    return pressIntent(visitor, form, "verify", {
      provider: choose(form, "provider", bouquet[visitor.language as Language]),
      smartNo: "1212121212",
      phone: PHONES[visitor.language as Language],
    });
  };
  const tv = async (visitor: Visitor) => {
    const verified = await tvVerified(visitor);
    return pressIntent(visitor, verified, "process", { plan: choose(verified, "plan") });
  };
  const amounts: Record<Language, string> = { "en-NG": "1000", pcm: "1100", ha: "1200" };
  const electricityVerified = async (visitor: Visitor) => {
    const form = await visitor.get(ELECTRICITY);
    return pressIntent(visitor, form, "verify", {
      provider: choose(form, "provider", "IKEDC"),
      meterType: "prepaid",
      meterNo: "1111111111111",
      phone: PHONES[visitor.language as Language],
      amount: amounts[visitor.language as Language],
    });
  };
  const electricity = async (visitor: Visitor) =>
    pressIntent(visitor, await electricityVerified(visitor), "process", {});
  const examVariants = async (visitor: Visitor) => {
    const form = await visitor.get(EXAM);
    return pressIntent(visitor, form, "continue", { provider: choose(form, "provider", "WAEC") });
  };
  const exam = async (visitor: Visitor) => {
    const variants = await examVariants(visitor);
    return pressIntent(visitor, variants, "process", {
      variant: choose(variants, "variant"),
      phone: PHONES[visitor.language as Language],
    });
  };
  const confirmed = (step: (visitor: Visitor) => Promise<Answer>) => async (visitor: Visitor) =>
    pressIntent(visitor, await step(visitor), "confirm", {});
  return [
    { name: "airtime: confirmation", shows: CONFIRM_STEP, visit: airtime },
    { name: "airtime: result", shows: BOUGHT, visit: confirmed(airtime) },
    { name: "data: plans", shows: /<select[^>]*name="plan"/, visit: dataPlans },
    { name: "data: confirmation", shows: CONFIRM_STEP, visit: data },
    { name: "data: result", shows: BOUGHT, visit: confirmed(data) },
    { name: "bulk SMS: confirmation", shows: CONFIRM_STEP, visit: sms },
    { name: "bulk SMS: result", shows: BOUGHT, visit: confirmed(sms) },
    { name: "cable TV: verified", shows: /Adaeze Nwosu/, visit: tvVerified },
    { name: "cable TV: confirmation", shows: CONFIRM_STEP, visit: tv },
    { name: "cable TV: result", shows: BOUGHT, visit: confirmed(tv) },
    { name: "electricity: verified", shows: /Tunde Bakare/, visit: electricityVerified },
    { name: "electricity: confirmation", shows: CONFIRM_STEP, visit: electricity },
    { name: "electricity: result", shows: BOUGHT, visit: confirmed(electricity) },
    { name: "exam pins: variants", shows: /<select[^>]*name="variant"/, visit: examVariants },
    { name: "exam pins: confirmation", shows: CONFIRM_STEP, visit: exam },
    { name: "exam pins: result", shows: BOUGHT, visit: confirmed(exam) },
  ];
}

/** One electricity purchase of `person` (it has a token): its receipt and customer copy, and the history with it. */
export function receiptStops(person: Person): Stop[] {
  const db = sandboxDatabase();
  const row = db
    .prepare("SELECT id FROM transactions WHERE user_id = ? AND product = 'electricity' ORDER BY id LIMIT 1")
    .get(userId(db, person.email));
  db.close();
  const id = String(row?.["id"] ?? "none");
  return [
    get(`/dashboard/receipt/${id}`),
    get(`/dashboard/receipt/${id}/customer-copy`),
    get("/dashboard"),
    get("/dashboard/transactions"),
    get("/dashboard/statement"),
  ];
}

/** A CSV read as its header row, each cell a segment of a page in the visitor's language. */
export function headerRow(answer: Answer, language: Language): Answer {
  const header = answer.html.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "";
  const cells = header.split(",").map((cell) => `<th>${cell.replace(/^"|"$/g, "")}</th>`);
  return { ...answer, html: `<html lang="${language}"><body>${cells.join("")}</body></html>` };
}

/** Bulk buying: the review, the results and (with `csv`) the results CSV's header row. */
export function bulkStops(csv: boolean): Stop[] {
  const second = SECOND_PHONES;
  // Two numbers to buy for and one left out (too short), so the review has both kinds of row.
  const review = async (visitor: Visitor) =>
    pressIntent(visitor, await visitor.get("/dashboard/bulk-purchase"), "review", {
      product: "airtime",
      numbers: `${PHONES[visitor.language as Language]}\n${second[visitor.language as Language]}\n0803111`,
      amount: "100",
    });
  const results = async (visitor: Visitor) => pressIntent(visitor, await review(visitor), "confirm", {});
  // Decision 086: the review kept as a customer list (one name per language: one account walks
  // all three), refused without a name, then the lists page and the form the list fills.
  const listName = (visitor: Visitor) => `Sannu 2026 ${PHONES[visitor.language as Language]}`;
  const savedList = async (visitor: Visitor) =>
    pressIntent(visitor, await review(visitor), "save-list", { listName: listName(visitor) });
  const unnamedList = async (visitor: Visitor) =>
    pressIntent(visitor, await review(visitor), "save-list", { listName: "" });
  const filledFromList = async (visitor: Visitor) => {
    const lists = await visitor.get("/dashboard/customer-lists");
    const id = /href="\/dashboard\/bulk-purchase\?list=(\d+)"/.exec(lists.html)?.[1] ?? "none";
    return visitor.get(`/dashboard/bulk-purchase?list=${id}`);
  };
  const resultsCsv = async (visitor: Visitor) => {
    const done = await results(visitor);
    return headerRow(await visitor.get(`${done.path}/results.csv`), visitor.language as Language);
  };
  return [
    { name: "bulk: review", shows: CONFIRM_STEP, visit: review },
    { name: "bulk: results", shows: BOUGHT, visit: results },
    { name: "bulk: review saved as a list", shows: /id="bulk-list"[^]*role="status"/, visit: savedList },
    { name: "bulk: a list without a name", status: 400, shows: /id="bulk-list-name-error"/, visit: unnamedList },
    { name: "bulk: filled from a list", shows: /name="network-/, visit: filledFromList },
    ...(csv ? [{ name: "bulk: results.csv (header)", visit: resultsCsv }] : []),
  ];
}

/** The transactions CSV's header row. */
export function csvStops(): Stop[] {
  return [
    {
      name: "GET /dashboard/transactions.csv (header)",
      visit: async (visitor) =>
        headerRow(await visitor.get("/dashboard/transactions.csv"), visitor.language as Language),
    },
    {
      name: "GET /dashboard/profit.csv (header)",
      visit: async (visitor) => headerRow(await visitor.get("/dashboard/profit.csv"), visitor.language as Language),
    },
  ];
}
