import type { APIRequestContext } from "@playwright/test";
import { createAccount } from "../support/accounts.ts";
import { expect } from "../support/fault-portal.ts";
import { csrfOf, pageCsrf, postForm, signInOver } from "../support/http.ts";
import { textOf } from "../support/text.ts";
import { test } from "../support/two-portals.ts";
import { lockMessagesFor } from "./support.ts";

// Decision 065: a password check counts its try before the upstream is asked, so fifty wrong
// passwords posted at once (to log in, to set a new PIN, to change the password) reach the
// upstream no more than the ten the e-mail's lock allows, and the right password posted after
// them is refused with the lock's message, on one portal and on two that share a PostgreSQL
// database and a Redis. The upstream is the fault upstream (healthy here), which counts the
// calls that reach it.

const AT_ONCE = 50;
const WRONG_PASSWORDS_TO_LOCK = 10;
const LOGIN = "/v1/login/";
const FORGOT_PIN = "/dashboard/profile/forgot-pin";
const PROFILE = "/dashboard/profile";
const CHANGE_PASSWORD = "/v1/change-password/";

// Fifty logins at once on a busy 2-core machine: no upstream call here is a slow one.
test.use({ upstreamTimeoutMs: 15_000 });

type Answer = { status: number; text: string };

async function answerOf(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<Answer> {
  return { status: response.status(), text: textOf(await response.text()) };
}

/**
 * A login form for `origin`, posted as a guessing script sends it: the page is read once
 * (its CSRF cookie set once), then the form is posted as often as the script likes.
 */
async function loginForm(request: APIRequestContext, origin: string, email: string) {
  const csrf = await pageCsrf(request, `${origin}/login`);
  return async (password: string): Promise<Answer> =>
    answerOf(await postForm(request, origin, `${origin}/login`, { csrf, website: "", email, password }));
}

/**
 * How many were refused without asking the upstream: locked (429), or, on a machine so busy
 * that Redis answers after the command timeout, not countable just now (503, decision 077).
 */
function refusedUnasked(answers: readonly Answer[]): number {
  return answers.filter((answer) => answer.status === 429 || answer.status === 503).length;
}

function expectLocked(answer: Answer, since: Date): void {
  expect(answer.status).toBe(429);
  const shown = lockMessagesFor(15, since).filter((message) => answer.text.includes(message));
  expect(shown, "the lock message names a time 15 minutes from the lock").toHaveLength(1);
}

test("fifty wrong passwords at once reach the upstream at most ten times; the right one after them is refused with the lock", async ({
  request,
  faults,
  faultPortal,
}) => {
  const account = await createAccount("burst-login", { verified: true, database: faults.databasePath });
  const started = new Date();
  faults.resetCounts();

  const login = await loginForm(request, faultPortal.origin, account.email);

  const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, index) => login(`Wrong-pass-${index}`)));
  expect(faults.calls(LOGIN, "POST")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
  expect(refusedUnasked(answers)).toBeGreaterThanOrEqual(AT_ONCE - WRONG_PASSWORDS_TO_LOCK);

  expectLocked(await login(account.password), started);
  expect(faults.calls(LOGIN, "POST")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
});

test("fifty wrong passwords at once on Forgot PIN reach the upstream at most ten times; the right one is then refused with the lock", async ({
  request,
  faults,
  faultPortal,
}) => {
  const origin = faultPortal.origin;
  const account = await createAccount("burst-forgot-pin", { verified: true, database: faults.databasePath });
  await signInOver(request, origin, account);
  const started = new Date();
  faults.resetCounts();

  const csrf = csrfOf(await (await request.get(FORGOT_PIN)).text());
  const forgotPin = async (password: string) =>
    answerOf(await postForm(request, origin, FORGOT_PIN, { csrf, password, newPin: "3690", confirmPin: "3690" }));
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, index) => forgotPin(`Wrong-pass-${index}`)));
  expect(faults.calls(LOGIN, "POST")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
  expect(refusedUnasked(answers)).toBeGreaterThanOrEqual(AT_ONCE - WRONG_PASSWORDS_TO_LOCK);

  // The stolen-cookie case: the lock holds the PIN as it is, and the right password with it.
  expectLocked(await forgotPin(account.password), started);
  expect(faults.calls(LOGIN, "POST")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
});

test("fifty wrong old passwords at once on Profile's password change reach the upstream at most ten times", async ({
  request,
  faults,
  faultPortal,
}) => {
  const origin = faultPortal.origin;
  const account = await createAccount("burst-change-password", { verified: true, database: faults.databasePath });
  await signInOver(request, origin, account);
  const started = new Date();
  faults.resetCounts();

  const csrf = csrfOf(await (await request.get(PROFILE)).text());
  const change = async (oldPassword: string) =>
    answerOf(
      await postForm(request, origin, PROFILE, {
        csrf,
        intent: "change-password",
        oldPassword,
        newPassword: "Changed-pass-11",
        confirmPassword: "Changed-pass-11",
      }),
    );
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, index) => change(`Wrong-pass-${index}`)));
  expect(faults.calls(CHANGE_PASSWORD, "PUT")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
  expect(refusedUnasked(answers)).toBeGreaterThanOrEqual(AT_ONCE - WRONG_PASSWORDS_TO_LOCK);

  expectLocked(await change(account.password), started);
  expect(faults.calls(CHANGE_PASSWORD, "PUT")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
});

test("fifty wrong passwords at once over two portals on one PostgreSQL and Redis reach the upstream at most ten times", async ({
  playwright,
  faults,
  cluster,
}) => {
  const account = await createAccount("burst-two-portals", { verified: true, database: faults.databasePath });
  const onA = await playwright.request.newContext();
  const onB = await playwright.request.newContext();
  try {
    const loginOnA = await loginForm(onA, cluster.a.origin, account.email);
    const loginOnB = await loginForm(onB, cluster.b.origin, account.email);
    const started = new Date();
    faults.resetCounts();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) => (index % 2 === 0 ? loginOnA : loginOnB)(`Wrong-pass-${index}`)),
    );
    expect(faults.calls(LOGIN, "POST")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
    expect(refusedUnasked(answers)).toBeGreaterThanOrEqual(AT_ONCE - WRONG_PASSWORDS_TO_LOCK);

    expectLocked(await loginOnA(account.password), started);
    expectLocked(await loginOnB(account.password), started);
    expect(faults.calls(LOGIN, "POST")).toBeLessThanOrEqual(WRONG_PASSWORDS_TO_LOCK);
  } finally {
    await Promise.all([onA.dispose(), onB.dispose()]);
  }
});
