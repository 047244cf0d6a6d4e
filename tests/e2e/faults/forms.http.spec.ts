import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { createAccount, createBuyer, uniqueEmail } from "../support/accounts.ts";
import { seedProvider } from "../support/catalog.ts";
import { expect, expectLoggedWithRequestId, expectNothingLeaked, PAGE_STATUS, test } from "../support/fault-portal.ts";
import { type Fault, FAULTS, type PathMatch, TOO_MANY_REQUESTS } from "../support/fault-upstream.ts";
import {
  AIRTIME,
  csrfOf,
  fieldValue as inputValue,
  postForm,
  postLogin,
  processAirtime,
  shownValue,
  signInOver,
} from "../support/http.ts";
import { textOf } from "../support/text.ts";
import { JAMB_PROFILE, METERS, SMART_CARDS } from "../support/verify.ts";

const FUND_BY_CARD = "/dashboard/fund-wallet?method=card";
/** app/payments/checkout.server.ts's words when the gateway cannot open a checkout. */
const GATEWAY_DOWN = "We could not reach the card payment service. Please try again in a minute.";

// Decision 017: every form whose action calls the upstream, under every fault, comes back
// with what the user typed and a message saying what happened. Over HTTP, as a browser
// without JavaScript posts (the page's CSRF token, same origin); faults-browser.spec.ts shows
// the same for login and a purchase form in a browser, with JavaScript off and on.
// Secrets (passwords) are never sent back by design; their forms are checked for the message.

type FormCase = {
  name: string;
  path: string;
  /** The upstream call the form's action makes. */
  call: PathMatch;
  method?: string;
  /**
   * The page's loader makes the same call. Without JavaScript the page is drawn again after
   * the action, so a fault that outlasts the action shows the outage page (decision 017):
   * here the fault is a blip that hits the action's call only.
   */
  sharedWithLoader?: true;
  session: "none" | "verified" | "unverified";
  /** What is typed, fresh for each post (e-mails that rate limits count, one-time keys). */
  fields: () => Record<string, string>;
  /** The fields whose typed value must come back on the form. */
  echoed: readonly string[];
  /** Verify-first products: the Verify posted (healthy) before Process, whose seal Process sends back. */
  verifyFirst?: Record<string, string>;
};

const TV = seedProvider("cable", "DSTV").id;
const IKEDC = seedProvider("electricity", "IKEDC - Ikeja Electric").id;
const JAMB = seedProvider("exam", "JAMB").id;

const FORMS: FormCase[] = [
  {
    name: "login",
    path: "/login",
    call: "/v1/login/",
    session: "none",
    fields: () => ({ email: "normal@payvend.test", password: "Demo-pass-2026", redirectTo: "" }),
    echoed: ["email"],
  },
  {
    name: "register",
    path: "/register",
    call: "/v1/register/",
    session: "none",
    fields: () => ({
      firstName: "Amaka",
      lastName: "Obi",
      email: uniqueEmail("fault-register"),
      phone: "08031234567",
      password: "Strong-pass-2026",
      confirmPassword: "Strong-pass-2026",
    }),
    echoed: ["firstName", "lastName", "email", "phone"],
  },
  {
    name: "forgot password",
    path: "/forgot-password",
    call: "/password_reset/",
    session: "none",
    fields: () => ({ email: uniqueEmail("fault-forgot") }),
    echoed: ["email"],
  },
  {
    name: "reset password",
    path: "/password_reset/confirm?token=fault-test-token",
    call: "/v1/reset_password/",
    session: "none",
    fields: () => ({
      token: "fault-test-token",
      newPassword: "Another-pass-2026",
      confirmPassword: "Another-pass-2026",
    }),
    echoed: ["token"],
  },
  {
    name: "OTP",
    path: "/otp",
    call: "/v1/user/otp-verification/",
    session: "unverified",
    fields: () => ({ digit1: "1", digit2: "2", digit3: "3", digit4: "4" }),
    echoed: ["digit1", "digit2", "digit3", "digit4"],
  },
  {
    name: "personal info",
    path: "/personal-info",
    call: "/v1/user/update-profile/",
    session: "unverified",
    fields: () => ({ firstName: "Amaka", lastName: "Obi", phone: "08031234567" }),
    echoed: ["firstName", "lastName", "phone"],
  },
  {
    name: "password change",
    path: "/dashboard/profile",
    call: "/v1/change-password/",
    session: "verified",
    fields: () => ({
      intent: "change-password",
      oldPassword: "Old-pass-2026",
      newPassword: "New-pass-2026",
      confirmPassword: "New-pass-2026",
    }),
    echoed: [],
  },
  {
    name: "bank details",
    path: "/dashboard/profile",
    call: "/v1/update-bank-details/",
    session: "verified",
    fields: () => ({
      intent: "bank-details",
      accountName: "Amaka Obi",
      accountNumber: "0123456789",
      bankName: "Access Bank",
    }),
    echoed: ["accountName", "accountNumber", "bankName"],
  },
  {
    name: "webhook",
    path: "/dashboard/profile",
    call: "/v1/user/update-profile/",
    method: "PUT",
    session: "verified",
    fields: () => ({ intent: "webhook", webhookUrl: "https://example.com/payvend-hook" }),
    echoed: ["webhookUrl"],
  },
  {
    name: "BVN",
    path: "/dashboard/profile",
    call: "/v1/update-bvn/",
    session: "verified",
    fields: () => ({ intent: "bvn", bvn: "22212345678", name: "Amaka Obi", dob: "1990-05-17", phone: "08031234567" }),
    echoed: ["bvn", "name", "dob", "phone"],
  },
  {
    name: "NIN",
    path: "/dashboard/profile",
    call: "/v1/update-nin/",
    session: "verified",
    fields: () => ({ intent: "nin", nin: "12345678901" }),
    echoed: ["nin"],
  },
  {
    name: "manual funding report",
    path: "/dashboard/fund-wallet?method=manual",
    call: "/v1/manual-payment/",
    session: "verified",
    fields: () => ({
      intent: "manual",
      paymentName: "Amaka Obi",
      amount: "2500",
      bankName: "Access Bank",
      paymentType: "Transfer",
      key: randomUUID(),
    }),
    echoed: ["paymentName", "amount", "bankName", "paymentType"],
  },
  {
    name: "airtime Process",
    path: "/dashboard/purchase-airtime",
    call: "/v1/get-airtime-plans/",
    sharedWithLoader: true,
    session: "verified",
    fields: () => ({ provider: "1", phone: "08011111111", amount: "500", key: randomUUID() }),
    echoed: ["provider", "phone", "amount"],
  },
  {
    name: "data Process",
    path: "/dashboard/purchase-data?provider=5",
    call: "/v1/get-data-plans/",
    sharedWithLoader: true,
    session: "verified",
    fields: () => ({ provider: "5", plan: "mtn-1gb-30", phone: "08011111111", key: randomUUID() }),
    echoed: ["provider", "phone"],
  },
  {
    name: "bulk SMS Process",
    path: "/dashboard/send-sms",
    call: "/v1/get-sms-packages/",
    sharedWithLoader: true,
    session: "verified",
    fields: () => ({
      sender: "Payvend",
      phones: "08011111111, 08022222222",
      message: "Meeting moved to 4pm.",
      key: randomUUID(),
    }),
    echoed: ["sender", "phones", "message"],
  },
  {
    name: "cable TV Verify",
    path: `/dashboard/pay-for-tv?provider=${TV}`,
    call: "/v1/validate-tv/",
    session: "verified",
    fields: () => ({ intent: "verify", provider: String(TV), smartNo: SMART_CARDS.delivered }),
    echoed: ["provider", "smartNo"],
  },
  {
    name: "electricity Verify",
    path: `/dashboard/pay-for-electricity?provider=${IKEDC}`,
    call: "/v1/validate-electricity/",
    session: "verified",
    fields: () => ({ intent: "verify", provider: String(IKEDC), meterType: "prepaid", meterNo: METERS.prepaid }),
    echoed: ["provider", "meterType", "meterNo"],
  },
  {
    name: "JAMB Verify",
    path: `/dashboard/purchase-exam-pins?provider=${JAMB}`,
    call: "/v1/validate-exam/",
    session: "verified",
    fields: () => ({ intent: "verify", provider: String(JAMB), variant: "utme-mock", profileId: JAMB_PROFILE.known }),
    echoed: ["provider", "variant", "profileId"],
  },
  {
    name: "cable TV Process",
    path: `/dashboard/pay-for-tv?provider=${TV}`,
    call: "/v1/get-tv-plan/",
    sharedWithLoader: true,
    session: "verified",
    verifyFirst: { intent: "verify", provider: String(TV), smartNo: SMART_CARDS.delivered },
    fields: () => ({
      provider: String(TV),
      smartNo: SMART_CARDS.delivered,
      plan: "dstv-compact",
      phone: "08011111111",
      key: randomUUID(),
    }),
    echoed: ["smartNo", "phone"],
  },
  {
    name: "electricity Process",
    path: `/dashboard/pay-for-electricity?provider=${IKEDC}`,
    call: "/v1/get-electricity-packages/",
    sharedWithLoader: true,
    session: "verified",
    verifyFirst: { intent: "verify", provider: String(IKEDC), meterType: "prepaid", meterNo: METERS.prepaid },
    fields: () => ({
      provider: String(IKEDC),
      meterType: "prepaid",
      meterNo: METERS.prepaid,
      phone: "08011111111",
      amount: "5000",
      key: randomUUID(),
    }),
    echoed: ["meterNo", "phone", "amount"],
  },
  {
    name: "JAMB Process",
    path: `/dashboard/purchase-exam-pins?provider=${JAMB}`,
    call: "/v1/get-exam-type/",
    sharedWithLoader: true,
    session: "verified",
    verifyFirst: { intent: "verify", provider: String(JAMB), variant: "utme-mock", profileId: JAMB_PROFILE.known },
    fields: () => ({
      provider: String(JAMB),
      variant: "utme-mock",
      profileId: JAMB_PROFILE.known,
      phone: "08011111111",
      key: randomUUID(),
    }),
    echoed: ["profileId", "phone"],
  },
];

/** The portal's words for an outage (app/forms/reply.server.ts, decision 017), and a 429 in the upstream's own. */
function expectedAnswer(fault: Fault): { status: number; message: string } {
  if (fault === "429") return { status: 400, message: TOO_MANY_REQUESTS };
  if (fault === "slow")
    return { status: 504, message: "Our service provider did not answer in time. Please try again in a minute." };
  return {
    status: PAGE_STATUS[fault],
    message: "We could not reach our service provider. Please try again in a minute.",
  };
}

async function openSession(
  request: APIRequestContext,
  origin: string,
  session: FormCase["session"],
  database: string,
): Promise<void> {
  if (session === "none") return;
  const account =
    session === "verified"
      ? await createBuyer("fault-forms", { balanceKobo: 1_000_00, database })
      : await createAccount("fault-forms", { verified: false, database });
  await signInOver(request, origin, account, session === "verified" ? "/dashboard" : "/otp");
}

for (const form of FORMS) {
  test(`${form.name} under every upstream fault: the input is back with a message, nothing leaked, logged`, async ({
    request,
    faults,
    faultPortal,
  }) => {
    await openSession(request, faultPortal.origin, form.session, faults.databasePath);
    const page = await request.get(form.path);
    expect(page.status()).toBe(200);
    const csrf = csrfOf(await page.text());
    const sealed: Record<string, string> = {};
    if (form.verifyFirst) {
      const verified = await postForm(request, faultPortal.origin, form.path, { csrf, ...form.verifyFirst });
      sealed["verification"] = inputValue(await verified.text(), "verification");
    }
    for (const fault of FAULTS) {
      await test.step(fault, async () => {
        faults.heal();
        faults.inject(fault, form.call, { method: form.method, times: form.sharedWithLoader ? 1 : undefined });
        const fields = form.fields();
        const answer = await postForm(request, faultPortal.origin, form.path, { csrf, ...sealed, ...fields });
        const html = await answer.text();
        const expected = expectedAnswer(fault);
        expect(answer.status()).toBe(expected.status);
        expect(textOf(html)).toContain(expected.message);
        for (const name of form.echoed) expect(shownValue(html, name), name).toBe(fields[name]);
        expect(textOf(html)).not.toMatch(/Something went wrong/);
        expectNothingLeaked(html, faults);
        await expectLoggedWithRequestId(faultPortal, answer, fault);
      });
    }
  });
}

test("an upstream too busy to judge a login (429) does not count toward locking the e-mail", async ({
  request,
  faults,
  faultPortal,
}) => {
  const account = await createAccount("busy-login", { verified: true, database: faults.databasePath });
  // Twelve busy answers: two more than the wrong passwords that lock an e-mail.
  faults.inject("429", "/v1/login/", { times: 12 });
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const answer = await postLogin(request, faultPortal.origin, account);
    expect(answer.status(), `busy answer ${attempt + 1}`).toBe(400);
    expect(textOf(await answer.text())).toContain(TOO_MANY_REQUESTS);
  }
  // The upstream is free again: its owner signs in at once.
  await signInOver(request, faultPortal.origin, account);
});

test("a card payment whose checkout cannot be opened comes back as filled, with the gateway's outage said", async ({
  request,
  faults,
  faultPortal,
}) => {
  const origin = faultPortal.origin;
  await openSession(request, origin, "verified", faults.databasePath);
  faults.inject("503", "/gateway/v1/payments");

  // Card funding: amount, Process, then Pay.
  const fundingPage = await (await request.get(FUND_BY_CARD)).text();
  const csrf = csrfOf(fundingPage);
  const confirmed = await postForm(request, origin, FUND_BY_CARD, {
    csrf,
    intent: "card",
    amount: "5000",
    key: inputValue(fundingPage, "key"),
  });
  expect(confirmed.status()).toBe(200);
  const funding = await postForm(request, origin, FUND_BY_CARD, {
    csrf,
    intent: "card-pay",
    funding: inputValue(await confirmed.text(), "funding"),
  });
  expect(funding.status()).toBe(503);
  const fundingAnswer = await funding.text();
  expect(textOf(fundingAnswer)).toContain(GATEWAY_DOWN);
  expect(shownValue(fundingAnswer, "amount")).toBe("5000");

  // Airtime by card: Process, then Pay by card.
  const order = await processAirtime(request, origin, { phone: "08011111111", amount: "500" });
  const byCard = await postForm(request, origin, AIRTIME, {
    csrf: order.csrf,
    intent: "card",
    confirmation: order.confirmation,
  });
  expect(byCard.status()).toBe(503);
  const byCardAnswer = await byCard.text();
  expect(textOf(byCardAnswer)).toContain(GATEWAY_DOWN);
  expect(shownValue(byCardAnswer, "phone")).toBe("08011111111");
  expect(shownValue(byCardAnswer, "amount")).toBe("500");
  expectNothingLeaked(byCardAnswer, faults);
});
