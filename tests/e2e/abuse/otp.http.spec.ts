import type { APIRequestContext } from "@playwright/test";
import { createAccount, MESSAGES, OTP_SUBJECT } from "../support/accounts.ts";
import { formHeaders, logInByRequest, pageCsrf, postFormWithHeaders } from "../support/http.ts";
import { expect, test } from "../support/own-portal.ts";
import { mainSandboxDb } from "../support/portals.ts";
import { lockMessagesFor, otpVerified } from "./support.ts";

// Decisions 009 and 065: the 4-digit OTP locks for 15 minutes after 5 wrong codes, and resending it is
// limited (3 per 10 minutes, decision 009). Plain requests, as a guessing script would send them.

/** The e-mails of the sandbox outbox to this address with this subject, newest first, as text. */
async function outbox(request: APIRequestContext, to: string): Promise<string[]> {
  const html = await (await request.get("/sandbox/outbox")).text();
  const label = `${OTP_SUBJECT} to ${to}`;
  return html.split("<article").filter((article) => article.includes(`aria-label="${label}"`));
}

async function newestCode(request: APIRequestContext, to: string): Promise<string> {
  const [newest] = await outbox(request, to);
  const code = /verification code is (\d{4})\b/.exec(newest ?? "")?.[1];
  if (code === undefined) throw new Error(`no verification code for ${to} in the outbox`);
  return code;
}

async function resend(request: APIRequestContext, origin: string) {
  const csrf = await pageCsrf(request, "/otp");
  return postFormWithHeaders(request, "/otp", { csrf, intent: "resend" }, formHeaders(origin));
}

async function enter(request: APIRequestContext, origin: string, code: string) {
  const csrf = await pageCsrf(request, "/otp");
  const [digit1 = "", digit2 = "", digit3 = "", digit4 = ""] = code;
  const response = await postFormWithHeaders(
    request,
    "/otp",
    { csrf, intent: "verify", digit1, digit2, digit3, digit4 },
    formHeaders(origin),
  );
  return { status: response.status(), text: await response.text() };
}

function otherCode(code: string, shift: number): string {
  return [...code].map((digit) => String((Number(digit) + shift) % 10)).join("");
}

test("five wrong codes lock the OTP for 15 minutes: the right code is then refused and the e-mail stays unverified", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const account = await createAccount("otp-lock", { verified: false });
  await logInByRequest(request, origin, account);
  expect((await resend(request, origin)).status()).toBe(302);
  const code = await newestCode(request, account.email);
  const started = new Date();

  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const answer = await enter(request, origin, otherCode(code, attempt));
    expect(answer.status, `wrong code ${attempt}`).toBe(400);
    expect(answer.text).toContain(MESSAGES.otpWrong);
  }
  const fifth = await enter(request, origin, otherCode(code, 5));
  expect(fifth.status).toBe(429);

  const right = await enter(request, origin, code);
  expect(right.status).toBe(429);
  expect(lockMessagesFor(15, started).filter((message) => right.text.includes(message))).toHaveLength(1);
  expect(otpVerified(mainSandboxDb(), account.email)).toBe(false);
});

test("Resend sends at most 3 codes in 10 minutes; the 4th is refused and sends nothing", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const account = await createAccount("otp-resend", { verified: false });
  await logInByRequest(request, origin, account);
  const before = (await outbox(request, account.email)).length;
  const started = new Date();

  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const response = await resend(request, origin);
    expect(response.status(), `resend ${attempt}`).toBe(302);
    expect((await outbox(request, account.email)).length).toBe(before + attempt);
  }
  const fourth = await resend(request, origin);
  expect(fourth.status()).toBe(429);
  const text = await fourth.text();
  expect(lockMessagesFor(10, started).filter((message) => text.includes(message))).toHaveLength(1);
  expect((await outbox(request, account.email)).length).toBe(before + 3);
});
