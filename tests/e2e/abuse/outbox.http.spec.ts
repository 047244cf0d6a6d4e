import type { APIRequest, APIRequestContext } from "@playwright/test";
import { newPerson, OTP_SUBJECT, type Person, registrationFields, RESET_SUBJECT } from "../support/accounts.ts";
import { formHeaders, pageCsrf, postFormWithHeaders } from "../support/http.ts";
import { expect, type OwnPortal, test } from "../support/own-portal.ts";

// Decision 069: on a sandbox deployment /sandbox/outbox shows a browser the mails to the demo
// accounts and to the accounts it signed up itself, no one else's; and no code or reset link
// is ever written to the log. Plain requests, each browser from its own client address (the
// portal trusts the loopback proxy) so no other spec's sign-ups spend its limits.

/** A demo account of the README: its mails are for everyone. */
const DEMO_EMAIL = "agent@payvend.test";

type Browser = { request: APIRequestContext; from: Record<string, string> };

async function browser(api: APIRequest, portal: OwnPortal, address: string): Promise<Browser> {
  return { request: await api.newContext({ baseURL: portal.origin }), from: { "X-Forwarded-For": address } };
}

async function signUp({ request, from }: Browser, origin: string, person: Person) {
  const csrf = await pageCsrf(request, "/register", from);
  return postFormWithHeaders(request, "/register", { csrf, ...registrationFields(person) }, formHeaders(origin, from));
}

async function askForReset({ request, from }: Browser, origin: string, email: string) {
  const csrf = await pageCsrf(request, "/forgot-password", from);
  const answer = await postFormWithHeaders(
    request,
    "/forgot-password",
    { csrf, website: "", email },
    formHeaders(origin, from),
  );
  expect(answer.status(), `reset link for ${email}`).toBe(302);
}

/** The outbox as this browser sees it: each mail's label ("<subject> to <address>") with its text. */
async function outboxOf({ request, from }: Browser): Promise<{ label: string; text: string }[]> {
  const answer = await request.get("/sandbox/outbox", { headers: from });
  expect(answer.status()).toBe(200);
  return (await answer.text())
    .split("<article")
    .slice(1)
    .map((article) => ({ label: /aria-label="([^"]*)"/.exec(article)?.[1] ?? "", text: article }));
}

function labels(mails: { label: string }[]): string[] {
  return mails.map((mail) => mail.label);
}

function codeIn(mails: { label: string; text: string }[], to: string): string {
  const mail = mails.find((candidate) => candidate.label === `${OTP_SUBJECT} to ${to}`);
  const code = /verification code is (\d{4})\b/.exec(mail?.text ?? "")?.[1];
  if (code === undefined) throw new Error(`no verification code for ${to} in this browser's outbox`);
  return code;
}

function resetTokenIn(mails: { label: string; text: string }[], to: string): string {
  const mail = mails.find((candidate) => candidate.label === `${RESET_SUBJECT} to ${to}`);
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (token === undefined) throw new Error(`no reset link for ${to} in this browser's outbox`);
  return token;
}

test("a browser reads its own sign-up's mails and the demo accounts', never another person's code or reset link", async ({
  playwright,
  ownPortal,
}) => {
  const origin = ownPortal.origin;
  const owner = await browser(playwright.request, ownPortal, "198.51.100.11");
  const stranger = await browser(playwright.request, ownPortal, "198.51.100.12");
  const forger = await browser(playwright.request, ownPortal, "198.51.100.13");
  try {
    const person = newPerson("outbox-owner");
    expect((await signUp(owner, origin, person)).status()).toBe(302);
    const code = codeIn(await outboxOf(owner), person.email);

    // The stranger asks for a reset link to the owner's address, and for one to a demo account.
    await askForReset(stranger, origin, person.email);
    await askForReset(stranger, origin, DEMO_EMAIL);
    // Signing the owner's address up again is refused, so it gives the stranger no claim to it.
    expect((await signUp(stranger, origin, { ...newPerson("outbox-stranger"), email: person.email })).status()).toBe(
      400,
    );

    const seenByStranger = await outboxOf(stranger);
    expect(labels(seenByStranger)).toContain(`${RESET_SUBJECT} to ${DEMO_EMAIL}`);
    expect(seenByStranger.filter((mail) => mail.text.includes(person.email))).toEqual([]);
    expect(seenByStranger.filter((mail) => mail.text.includes(`verification code is ${code}`))).toEqual([]);

    const seenByOwner = await outboxOf(owner);
    expect(labels(seenByOwner)).toEqual(
      expect.arrayContaining([
        `${OTP_SUBJECT} to ${person.email}`,
        `${RESET_SUBJECT} to ${person.email}`,
        `${RESET_SUBJECT} to ${DEMO_EMAIL}`,
      ]),
    );
    expect(resetTokenIn(seenByOwner, person.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The owner's cookie names the addresses it may read; one rewritten to name the owner's,
    // under the owner's signature, reads as no cookie at all.
    const { cookies } = await owner.request.storageState();
    const held = cookies.find((cookie) => cookie.name === "__sandbox-outbox");
    expect(held).toBeDefined();
    const signature = decodeURIComponent(held?.value ?? "").split(".")[1] ?? "";
    const forged = `${Buffer.from(JSON.stringify([person.email, DEMO_EMAIL])).toString("base64url")}.${signature}`;
    const seenByForger = await forger.request.get("/sandbox/outbox", {
      headers: { ...forger.from, Cookie: `__sandbox-outbox=${forged}` },
    });
    expect(await seenByForger.text()).not.toContain(person.email);
  } finally {
    await Promise.all([owner, stranger, forger].map(({ request }) => request.dispose()));
  }
});

test("no verification code or reset token reaches the portal's log", async ({ playwright, ownPortal }) => {
  const origin = ownPortal.origin;
  const owner = await browser(playwright.request, ownPortal, "198.51.100.21");
  try {
    const person = newPerson("outbox-log");
    expect((await signUp(owner, origin, person)).status()).toBe(302);
    await askForReset(owner, origin, person.email);
    const mails = await outboxOf(owner);
    const code = codeIn(mails, person.email);
    const token = resetTokenIn(mails, person.email);

    const mailLines = (await ownPortal.logText())
      .split("\n")
      .filter((line) => line.includes('"event":"email"') && line.includes(person.email));
    // Both mails are logged as sent, to whom, and with what subject: nothing more.
    expect(mailLines).toHaveLength(2);
    for (const line of mailLines) {
      expect(Object.keys(JSON.parse(line) as Record<string, unknown>).sort()).toEqual([
        "event",
        "id",
        "level",
        "subject",
        "time",
        "to",
      ]);
    }
    const log = await ownPortal.logText();
    expect(log).not.toContain(token);
    expect(log).not.toContain(`"${code}"`);
    expect(log).not.toContain(`code is ${code}`);
  } finally {
    await owner.request.dispose();
  }
});
