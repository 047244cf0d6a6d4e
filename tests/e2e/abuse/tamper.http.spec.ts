import type { APIRequestContext } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { catalogPlan, catalogProvider, discountOf, seedProvider, seedVariation } from "../support/catalog.ts";
import { fieldValue, formHeaders, logInByRequest, pageCsrf, postFormWithHeaders } from "../support/http.ts";
import { expectedCharge, koboOf, wallet } from "../support/money.ts";
import { expect, test } from "../support/own-portal.ts";
import { PURCHASE_PATHS, TEST_NUMBERS } from "../support/purchase.ts";
import { SMART_CARDS, VERIFY_MESSAGES, VERIFY_PAGES } from "../support/verify.ts";

// Decisions 011 and 013: what the browser sends back at Confirm (the priced order: price,
// plan, provider, for whom) and at Process (what was verified) is sealed by the server.
// Each hidden value changed by hand is refused and buys nothing; values the form never had
// (a discount, a price) are ignored. The untouched forms then buy, so the refusals are the
// tampering's doing.

const DATA = PURCHASE_PATHS.data;
const MTN = catalogProvider("data", "MTN");
const AIRTEL = catalogProvider("data", "Airtel");
const MTN_1GB = catalogPlan(MTN, "mtn-1gb-30");
const MTN_500MB = catalogPlan(MTN, "mtn-500mb-7");
const CHARGE = expectedCharge(MTN_1GB.amountKobo, discountOf(MTN, 0));
const UNREADABLE = "We could not read that confirmation. Please fill in the form again.";

type Sealed = { body: Record<string, unknown>; mac: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function openSeal(sealed: string): Sealed {
  const [body = "", mac = ""] = sealed.split(".");
  const value: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  if (!isRecord(value)) throw new Error("the sealed value is not an object");
  return { body: value, mac };
}

/** The sealed value with one thing changed and the server's signature kept, as a forger would. */
function tampered(sealed: string, change: (value: Record<string, unknown>) => void): string {
  const { body, mac } = openSeal(sealed);
  const copy = structuredClone(body);
  change(copy);
  return `${Buffer.from(JSON.stringify(copy)).toString("base64url")}.${mac}`;
}

function orderOf(value: Record<string, unknown>): Record<string, unknown> {
  const order = value["order"];
  if (!isRecord(order)) throw new Error("the confirmation holds no order");
  return order;
}

function planOf(value: Record<string, unknown>): Record<string, unknown> {
  const plan = orderOf(value)["plan"];
  if (!isRecord(plan)) throw new Error("the order holds no plan");
  return plan;
}

/** Process on the data page, with any extra fields a tamperer adds; the page's answer. */
async function processData(request: APIRequestContext, origin: string, extra: Record<string, string> = {}) {
  const page = await (await request.get(DATA)).text();
  const form = {
    csrf: fieldValue(page, "csrf"),
    key: fieldValue(page, "key"),
    intent: "process",
    provider: String(MTN.id),
    plan: MTN_1GB.variationCode,
    phone: TEST_NUMBERS.delivered,
    ...extra,
  };
  const response = await postFormWithHeaders(request, DATA, form, formHeaders(origin));
  expect(response.status()).toBe(200);
  const html = await response.text();
  // React separates the sentence's words and the space after them with an empty comment.
  const charge = /You will be charged(?:<!-- -->)? <strong>([^<]+)<\/strong>/.exec(html)?.[1];
  return {
    csrf: form.csrf,
    confirmation: fieldValue(html, "confirmation"),
    charge: charge === undefined ? null : koboOf(charge),
  };
}

test("a sealed confirmation with its price, plan, provider or buyer changed is refused and buys nothing", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const buyer = await createBuyer("tamper-confirm", { balanceKobo: 5_000_00 });
  await logInByRequest(request, origin, buyer);
  const { csrf, confirmation, charge } = await processData(request, origin);
  expect(charge).toBe(CHARGE);

  const forgeries: [string, string][] = [
    [
      "price ₦1",
      tampered(confirmation, (value) => Object.assign(planOf(value), { amountKobo: 100, variationAmountKobo: 100 })),
    ],
    [
      "a cheaper plan",
      tampered(confirmation, (value) =>
        Object.assign(planOf(value), { variationCode: MTN_500MB.variationCode, amountKobo: MTN_500MB.amountKobo }),
      ),
    ],
    [
      "another provider",
      tampered(confirmation, (value) => Object.assign(orderOf(value), { subcategoryId: AIRTEL.id })),
    ],
    ["another buyer", tampered(confirmation, (value) => Object.assign(value, { userId: Number(value["userId"]) + 1 }))],
    [
      "another phone",
      tampered(confirmation, (value) => Object.assign(orderOf(value), { phoneNumber: TEST_NUMBERS.pending })),
    ],
    ["no signature", confirmation.split(".")[0] ?? ""],
  ];
  for (const [name, forged] of forgeries) {
    const answer = await postFormWithHeaders(
      request,
      DATA,
      { csrf, intent: "confirm", confirmation: forged },
      formHeaders(origin),
    );
    expect(answer.status(), name).toBe(302);
    expect(answer.headers()["location"], name).toBe(DATA);
    expect(await (await request.get(DATA)).text(), name).toContain(UNREADABLE);
    expect(wallet(buyer.email).debits, name).toBe(0);
  }

  const honest = await postFormWithHeaders(
    request,
    DATA,
    { csrf, intent: "confirm", confirmation },
    formHeaders(origin),
  );
  expect(honest.status()).toBe(302);
  expect(wallet(buyer.email).debits).toBe(1);
  expect(wallet(buyer.email).balanceKobo).toBe(5_000_00 - CHARGE);
});

test("a discount, price or charge slipped into the form is ignored: the charge is the catalog's", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const buyer = await createBuyer("tamper-discount", { balanceKobo: 5_000_00 });
  await logInByRequest(request, origin, buyer);
  const { csrf, confirmation, charge } = await processData(request, origin, {
    discount: "100",
    discountPercent: "100",
    amount: "1",
    price: "1",
    chargeKobo: "0",
  });
  expect(charge).toBe(CHARGE);
  expect(JSON.stringify(openSeal(confirmation).body["order"])).not.toMatch(/discount|"price"/i);

  expect(
    (await postFormWithHeaders(request, DATA, { csrf, intent: "confirm", confirmation }, formHeaders(origin))).status(),
  ).toBe(302);
  expect(wallet(buyer.email).balanceKobo).toBe(5_000_00 - CHARGE);
});

test("a verification seal changed by hand, or a 'verified' flag, does not pass for a verified smart card", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const dstv = seedProvider("cable", "DSTV");
  // The page shows a verification only for the provider it was opened with.
  const path = `${VERIFY_PAGES.cable.path}?provider=${dstv.id}`;
  const compact = seedVariation(dstv, "dstv-compact");
  const buyer = await createBuyer("tamper-verify", { balanceKobo: 30_000_00 });
  await logInByRequest(request, origin, buyer);
  const csrf = await pageCsrf(request, path);
  const verifiedPage = await postFormWithHeaders(
    request,
    path,
    { csrf, intent: "verify", provider: String(dstv.id), smartNo: SMART_CARDS.delivered },
    formHeaders(origin),
  );
  expect(verifiedPage.status()).toBe(200);
  const verification = fieldValue(await verifiedPage.text(), "verification");

  const processFor = (smartNo: string, extra: Record<string, string>) =>
    postFormWithHeaders(
      request,
      path,
      {
        csrf,
        intent: "process",
        provider: String(dstv.id),
        smartNo,
        plan: compact.variationCode,
        phone: TEST_NUMBERS.delivered,
        ...extra,
      },
      formHeaders(origin),
    );

  for (const [name, extra] of [
    [
      "the seal's card number changed",
      { verification: tampered(verification, (value) => Object.assign(value, { number: SMART_CARDS.unknown })) },
    ],
    [
      "the seal's buyer changed",
      {
        verification: tampered(verification, (value) => Object.assign(value, { userId: Number(value["userId"]) + 1 })),
      },
    ],
    ["a verified flag", { verified: "true", isVerified: "1", verification: "true" }],
  ] as const) {
    const smartNo = name === "the seal's buyer changed" ? SMART_CARDS.delivered : SMART_CARDS.unknown;
    const answer = await processFor(smartNo, extra);
    expect(answer.status(), name).toBe(400);
    const html = await answer.text();
    expect(html, name).toContain(VERIFY_MESSAGES.verifyCableFirst);
    expect(html, name).not.toContain('name="confirmation"');
  }
  expect(wallet(buyer.email).debits).toBe(0);

  // The seal as the server made it prices the verified card.
  const honest = await processFor(SMART_CARDS.delivered, { verification });
  expect(honest.status()).toBe(200);
  expect(await honest.text()).toContain('name="confirmation"');
});
