import { createAccount, DEMO, MESSAGES, uniqueEmail } from "../support/accounts.ts";
import { postLogin } from "../support/http.ts";
import { expect, test } from "../support/own-portal.ts";
import { mainSandboxDb } from "../support/portals.ts";
import { lockMessagesFor, tokensIssued } from "./support.ts";

// Decisions 009 and 065: login locks one e-mail for 15 minutes after 10 wrong
// passwords, without asking the upstream while locked; each client address has a budget of
// logins; an e-mail that has no account is answered exactly as one that has. Plain requests,
// as a guessing script would send them.

const WRONG = "Wrong-pass-0000";

type Answer = { status: number; text: string };

async function tryLogin(...args: Parameters<typeof postLogin>): Promise<Answer> {
  const response = await postLogin(...args);
  return { status: response.status(), text: await response.text() };
}

function expectLockMessage(answer: Answer, since: Date): void {
  expect(answer.status).toBe(429);
  const shown = lockMessagesFor(15, since).filter((message) => answer.text.includes(message));
  expect(shown, "the lock message names a time 15 minutes from the lock").toHaveLength(1);
}

test("ten wrong passwords lock the e-mail for 15 minutes; the right password is then refused without reaching the upstream", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const account = await createAccount("lock", { verified: true });
  const other = await createAccount("lock-neighbour", { verified: true });
  const started = new Date();

  for (let attempt = 1; attempt <= 9; attempt += 1) {
    const answer = await tryLogin(request, origin, { email: account.email, password: WRONG });
    expect(answer.status, `wrong password ${attempt}`).toBe(400);
    expect(answer.text).toContain(MESSAGES.badCredentials);
  }
  expectLockMessage(await tryLogin(request, origin, { email: account.email, password: WRONG }), started);

  const issuedBefore = tokensIssued(mainSandboxDb(), account.email);
  const rightPassword = await tryLogin(request, origin, account);
  expectLockMessage(rightPassword, started);
  // A login that reached the upstream with the right password would have been given a token.
  expect(tokensIssued(mainSandboxDb(), account.email)).toBe(issuedBefore);
  // Upper or lower case is the same e-mail, and the same lock.
  expectLockMessage(
    await tryLogin(request, origin, { email: account.email.toUpperCase(), password: account.password }),
    started,
  );

  // The lock is the e-mail's, not the address's: another customer here signs in.
  const neighbour = await postLogin(request, origin, other);
  expect(neighbour.status()).toBe(302);
});

test("an e-mail without an account is answered and locked exactly like one with an account", async ({
  request,
  baseURL,
}) => {
  const origin = String(baseURL);
  const known = await createAccount("known", { verified: true });
  const unknown = uniqueEmail("unknown");
  const started = new Date();

  const answers: Record<"known" | "unknown", Answer[]> = { known: [], unknown: [] };
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    answers.known.push(await tryLogin(request, origin, { email: known.email, password: WRONG }));
    answers.unknown.push(await tryLogin(request, origin, { email: unknown, password: WRONG }));
  }
  // The same page, word for word, once the e-mail typed, the script nonce, the form reply's
  // random id and the clock are taken out: nothing tells a guesser which e-mails have accounts.
  const same = (answer: Answer, email: string) =>
    answer.text
      .replaceAll(email, "EMAIL")
      .replace(/nonce="[^"]*"/g, "")
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID")
      .replace(/after \d{1,2}:\d{2} [ap]m/g, "after TIME");
  for (const [index, answer] of answers.known.entries()) {
    const twin = answers.unknown[index] ?? { status: 0, text: "" };
    expect(twin.status, `attempt ${index + 1}`).toBe(answer.status);
    expect(same(twin, unknown), `attempt ${index + 1}`).toBe(same(answer, known.email));
  }
  expect(answers.known[0]?.text).toContain(MESSAGES.badCredentials);
  expectLockMessage(answers.known[9] ?? { status: 0, text: "" }, started);
  expectLockMessage(answers.unknown[9] ?? { status: 0, text: "" }, started);
});

test("one client address gets 10 logins per 15 minutes, then even a right password is refused unasked; others are not held up", async ({
  playwright,
  ownPortal,
}) => {
  const client = await playwright.request.newContext({ baseURL: ownPortal.origin });
  try {
    const guesser = { "X-Forwarded-For": "203.0.113.10" };
    const started = new Date();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await tryLogin(
        client,
        ownPortal.origin,
        { email: uniqueEmail(`spray-${attempt}`), password: WRONG },
        guesser,
      );
      expect(answer.status, `login ${attempt} from one address`).toBe(400);
    }
    const issuedBefore = tokensIssued(ownPortal.databasePath, DEMO.email);
    expectLockMessage(await tryLogin(client, ownPortal.origin, DEMO, guesser), started);
    expect(tokensIssued(ownPortal.databasePath, DEMO.email)).toBe(issuedBefore);

    const elsewhere = await postLogin(client, ownPortal.origin, DEMO, { "X-Forwarded-For": "203.0.113.11" });
    expect(elsewhere.status()).toBe(302);
    expect(tokensIssued(ownPortal.databasePath, DEMO.email)).toBe(issuedBefore + 1);
  } finally {
    await client.dispose();
  }
});
