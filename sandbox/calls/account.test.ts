import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoPassword } from "../seed/demo-accounts.ts";
import { appendLedgerEntry } from "../money/ledger.ts";
import { logIn, profileOf } from "../testing/accounts.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;
let token: string;

const email = "agent@payvend.test";

beforeEach(async () => {
  test = startTestSandbox();
  token = await logIn(test, email, demoPassword);
});

afterEach(() => {
  test.close();
});

async function profile() {
  return (await test.call("GET", "/v1/user/profile/", { token })).body;
}

function update(body: unknown) {
  return test.call("PUT", "/v1/user/update-profile/", { token, body });
}

function changePassword(body: unknown) {
  return test.call("PUT", "/v1/change-password/", { token, body });
}

function userId(): number {
  return Number(test.db.prepare("SELECT id FROM users WHERE email = ?").get(email)?.["id"]);
}

describe("call 5: GET /v1/user/profile/", () => {
  it("answers the User shape of docs/upstream-api.md", async () => {
    const answer = await test.call("GET", "/v1/user/profile/", { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: userId(),
      first_name: "Aisha",
      last_name: "Bello",
      email,
      username: email,
      // The demo history starts after sign-up: 183 days before the seed day, 10:00 in Lagos.
      date_joined: "2025-08-31T09:00:00.000Z",
      level: 1,
      profile: {
        phone_no: "08020000002",
        wallet_balance: 25000,
        otp_verification: 1,
        account_name: null,
        account_number: null,
        bank_name: null,
        webhook_url: null,
        referred_by: null,
        hear_us: null,
        sterling_account: null,
        wema_account: null,
      },
    });
  });

  it("shows the sum of the ledger as the balance, in naira with 2 decimals", async () => {
    const id = userId();
    const at = "2026-03-02T09:30:00.000Z";
    appendLedgerEntry(test.db, {
      userId: id,
      amountKobo: -1_234_56,
      kind: "purchase",
      reference: "t-1",
      createdAt: at,
    });
    appendLedgerEntry(test.db, { userId: id, amountKobo: 10_01, kind: "refund", reference: "t-1", createdAt: at });
    const sum = test.db.prepare("SELECT SUM(amount_kobo) AS kobo FROM ledger_entries WHERE user_id = ?").get(id)?.[
      "kobo"
    ];
    expect(sum).toBe(25_000_00 - 1_234_56 + 10_01);
    expect(profileOf(await profile())["wallet_balance"]).toBe(23775.45);
  });

  it("refuses a repeated (kind, reference) so one event cannot move money twice", () => {
    const entry = {
      userId: userId(),
      amountKobo: 100,
      kind: "refund",
      reference: "t-9",
      createdAt: "2026-03-02T09:30:00.000Z",
    };
    appendLedgerEntry(test.db, entry);
    expect(() => appendLedgerEntry(test.db, entry)).toThrow(/UNIQUE/);
    expect(() => appendLedgerEntry(test.db, { ...entry, reference: "t-10", amountKobo: 0 })).toThrow(/non-zero/);
  });

  it("reads reserved accounts stored as JSON", async () => {
    const accounts = [{ accountName: "Payvend-Aisha Bello", accountNumber: "8012345678" }];
    test.db.prepare("UPDATE users SET sterling_account = ? WHERE id = ?").run(JSON.stringify(accounts), userId());
    expect(profileOf(await profile())).toMatchObject({ sterling_account: accounts, wema_account: null });
  });
});

describe("call 8: PUT /v1/user/update-profile/", () => {
  it("saves personal info", async () => {
    const answer = await update({
      first_name: " Aishat ",
      last_name: "Bello-Musa",
      profile: { phone_no: "07012345678" },
    });
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "Profile updated successfully." } });
    const body = await profile();
    expect(body).toMatchObject({ first_name: "Aishat", last_name: "Bello-Musa", profile: { phone_no: "07012345678" } });
  });

  it("saves an https webhook", async () => {
    const url = "https://hooks.example.com/payvend?key=1";
    expect((await update({ profile: { webhook_url: url } })).status).toBe(200);
    expect(profileOf(await profile())["webhook_url"]).toBe(url);
  });

  it.each([
    [{}, "Nothing to update: send first_name, last_name and profile.phone_no, or profile.webhook_url."],
    [{ profile: { webhook_url: "" } }, "Webhook URL is required."],
    [
      { profile: { webhook_url: "http://hooks.example.com/x" } },
      "Enter an absolute https URL for the webhook, e.g. https://example.com/payvend-webhook.",
    ],
    [
      { profile: { webhook_url: "/relative/path" } },
      "Enter an absolute https URL for the webhook, e.g. https://example.com/payvend-webhook.",
    ],
    [
      { profile: { webhook_url: "https://user:secret@hooks.example.com/" } },
      "Enter an absolute https URL for the webhook, e.g. https://example.com/payvend-webhook.",
    ],
    [{ last_name: "Bello", profile: { phone_no: "07012345678" } }, "First name is required."],
    [{ first_name: "Aisha", profile: { phone_no: "07012345678" } }, "Last name is required."],
    [{ first_name: "Aisha", last_name: "Bello" }, "Phone number is required."],
    [
      { first_name: "Aisha", last_name: "Bello", profile: { phone_no: "7012345678" } },
      "Enter an 11-digit phone number starting with 0, e.g. 08012345678.",
    ],
    [
      { first_name: "A".repeat(151), last_name: "Bello", profile: { phone_no: "07012345678" } },
      "First name must be at most 150 characters.",
    ],
  ])("refuses %j", async (body, message) => {
    const answer = await update(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message });
    expect(await profile()).toMatchObject({
      first_name: "Aisha",
      profile: { webhook_url: null, phone_no: "08020000002" },
    });
  });

  it("needs a token", async () => {
    expect((await test.call("PUT", "/v1/user/update-profile/", { body: {} })).status).toBe(401);
  });
});

describe("call 11: PUT /v1/change-password/", () => {
  const valid = { old_password: demoPassword, password: "Changed-pass-11", password2: "Changed-pass-11" };

  it("changes the password, keeps this session and ends the others", async () => {
    const other = await logIn(test, email, demoPassword);
    const answer = await changePassword(valid);
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "Password changed successfully." } });
    expect((await test.call("GET", "/v1/user/profile/", { token })).status).toBe(200);
    expect((await test.call("GET", "/v1/user/profile/", { token: other })).status).toBe(401);
    expect(await logIn(test, email, "Changed-pass-11")).toBeTruthy();
    expect((await test.call("POST", "/v1/login/", { body: { email, password: demoPassword } })).status).toBe(400);
  });

  it.each([
    [{ ...valid, old_password: "Wrong-pass-000" }, "Old password is incorrect."],
    [{ ...valid, password2: "Changed-pass-12" }, "Password does not match"],
    [{ ...valid, password: "short", password2: "short" }, "Password must be at least 8 characters."],
    [{ ...valid, old_password: "" }, "Old password is required."],
    [{ ...valid, password: undefined }, "New password is required."],
    [{ ...valid, password2: null }, "Confirm password is required."],
  ])("refuses %j", async (body, message) => {
    const answer = await changePassword(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message });
    expect(await logIn(test, email, demoPassword)).toBeTruthy();
  });

  it("needs a token", async () => {
    expect((await test.call("PUT", "/v1/change-password/", { body: valid })).status).toBe(401);
  });
});
