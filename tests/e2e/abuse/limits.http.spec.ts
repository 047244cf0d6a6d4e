import { createAccount, createBuyer, MESSAGES, newPerson, registrationFields } from "../support/accounts.ts";
import { seedProvider } from "../support/catalog.ts";
import { formHeaders, logInByRequest, pageCsrf, postFormWithHeaders } from "../support/http.ts";
import { expect, test } from "../support/own-portal.ts";
import { SMART_CARDS } from "../support/verify.ts";
import { lockMessagesFor } from "./support.ts";

// Register and verify calls are limited per client address and per account
// (decision 009). A verify names the customer behind a card, meter or profile ID, so one
// account gets 30 in 10 minutes; one e-mail gets 5 sign-ups an hour, each of which mails a code.

const DSTV = seedProvider("cable", "DSTV");
/** The name docs/sandbox.md gives the sandbox's "delivered" smart card. */
const CARD_HOLDER = "Adaeze Nwosu";

function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
}

test("one account gets 30 verifies in 10 minutes; the 31st is refused until the lock ends, and another account still verifies", async ({
  playwright,
  ownPortal,
}) => {
  const origin = ownPortal.origin;
  const clients = await Promise.all([
    playwright.request.newContext({ baseURL: origin }),
    playwright.request.newContext({ baseURL: origin }),
  ]);
  const [prober, neighbour] = clients;
  try {
    const verify = async (client: typeof prober) => {
      const path = `/dashboard/pay-for-tv?provider=${DSTV.id}`;
      const csrf = await pageCsrf(client, path);
      const answer = await postFormWithHeaders(
        client,
        path,
        { csrf, intent: "verify", provider: String(DSTV.id), smartNo: SMART_CARDS.delivered },
        formHeaders(origin),
      );
      return { status: answer.status(), text: textOf(await answer.text()) };
    };
    for (const [client, tag] of [
      [prober, "verify-prober"],
      [neighbour, "verify-neighbour"],
    ] as const) {
      const buyer = await createBuyer(tag, { balanceKobo: 0, database: ownPortal.databasePath });
      await logInByRequest(client, origin, buyer);
    }

    const started = new Date();
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const answer = await verify(prober);
      expect(answer.status, `verify ${attempt}`).toBe(200);
      expect(answer.text).toContain(CARD_HOLDER);
    }
    const refused = await verify(prober);
    expect(refused.status).toBe(429);
    expect(lockMessagesFor(10, started).some((message) => refused.text.includes(message))).toBe(true);
    expect(refused.text).not.toContain(CARD_HOLDER);

    const other = await verify(neighbour);
    expect(other.status).toBe(200);
    expect(other.text).toContain(CARD_HOLDER);
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
});

test("sign-ups for one e-mail: the 6th in an hour is refused with the lock, even from a new address", async ({
  playwright,
  ownPortal,
}) => {
  const origin = ownPortal.origin;
  const request = await playwright.request.newContext({ baseURL: origin });
  try {
    const taken = await createAccount("register-flood", { verified: true, database: ownPortal.databasePath });
    const person = { ...newPerson("register-flood"), email: taken.email };
    const started = new Date();
    const signUp = async (attempt: number) => {
      // Each from its own client address: only the per-e-mail limit can refuse them.
      const from = { "X-Forwarded-For": `192.0.2.${attempt}` };
      const csrf = await pageCsrf(request, "/register", from);
      const answer = await postFormWithHeaders(
        request,
        "/register",
        { csrf, ...registrationFields(person) },
        formHeaders(origin, from),
      );
      return { status: answer.status(), text: textOf(await answer.text()) };
    };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await signUp(attempt);
      expect(answer.status, `sign-up ${attempt}`).toBe(400);
      expect(answer.text).toContain(MESSAGES.duplicateEmail);
    }
    const refused = await signUp(6);
    expect(refused.status).toBe(429);
    expect(lockMessagesFor(60, started).some((message) => refused.text.includes(message))).toBe(true);
  } finally {
    await request.dispose();
  }
});

test("one client address gets 30 reset-link tries an hour, however many arrive at once; the rest are refused with the lock", async ({
  playwright,
  ownPortal,
}) => {
  const origin = ownPortal.origin;
  const request = await playwright.request.newContext({ baseURL: origin });
  try {
    // A script walking through reset tokens, all from one address.
    const from = { "X-Forwarded-For": "198.51.100.30" };
    const csrf = await pageCsrf(request, "/password_reset/confirm?token=guess", from);
    const started = new Date();
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const answer = await postFormWithHeaders(
          request,
          "/password_reset/confirm",
          { csrf, token: `guess-${index}`, newPassword: "Guessed-pass-11", confirmPassword: "Guessed-pass-11" },
          formHeaders(origin, from),
        );
        return { status: answer.status(), text: textOf(await answer.text()) };
      }),
    );
    const judged = answers.filter((answer) => answer.text.includes(MESSAGES.resetLinkUsed));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(judged).toHaveLength(30);
    expect(refused).toHaveLength(10);
    for (const answer of refused)
      expect(lockMessagesFor(60, started).some((message) => answer.text.includes(message))).toBe(true);
  } finally {
    await request.dispose();
  }
});
