import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lastOtp, logIn, profileOf, registration } from "../testing/accounts.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;

beforeEach(() => {
  test = startTestSandbox();
});

afterEach(() => {
  test.close();
});

function register(body: unknown) {
  return test.call("POST", "/v1/register/", { body });
}

describe("call 3: POST /v1/register/", () => {
  it("creates an unverified Normal user with no money and e-mails an OTP", async () => {
    const answer = await register(registration("Ifeoma@Example.com"));
    expect(answer).toMatchObject({
      status: 200,
      body: { status: 200, message: "Registration successful. Check your e-mail for the OTP." },
    });

    const row = test.db.prepare("SELECT * FROM users WHERE email = ?").get("ifeoma@example.com");
    expect(row).toMatchObject({
      first_name: "Ifeoma",
      last_name: "Nnamdi",
      email: "Ifeoma@Example.com",
      username: "Ifeoma@Example.com",
      phone_no: "08123456789",
      level: 0,
      otp_verification: 0,
      referred_by: null,
      hear_us: "Twitter",
      date_joined: "2026-03-02T09:00:00.000Z",
    });
    const ledger = test.db.prepare("SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ?").get(row?.["id"] ?? 0);
    expect(ledger?.["n"]).toBe(0);

    const [outboxed] = test.sandbox.outbox({ limit: 1 });
    expect(outboxed).toMatchObject({ to: "Ifeoma@Example.com", subject: "Your Payvend verification code" });
    const code = lastOtp(test, "Ifeoma@Example.com");
    expect(code).toMatch(/^\d{4}$/);
    // The log says a mail went; the code is only in the outbox.
    expect(test.logged.findLast((line) => line["event"] === "email")).toMatchObject({
      level: "info",
      to: "Ifeoma@Example.com",
      subject: "Your Payvend verification code",
    });
    expect(JSON.stringify(test.logged)).not.toContain(`code is ${code}`);
  });

  it("never stores the password in clear", async () => {
    const body = registration("clear@example.com", "Visible-secret-99");
    await register(body);
    const row = test.db.prepare("SELECT * FROM users WHERE email = ?").get("clear@example.com");
    const stored = String(row?.["password_hash"]);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain("Visible-secret-99");
    const otherRow = await register(registration("clear2@example.com", "Visible-secret-99"));
    expect(otherRow.status).toBe(200);
    const other = test.db.prepare("SELECT password_hash FROM users WHERE email = ?").get("clear2@example.com");
    // Same password, different salt, different hash.
    expect(other?.["password_hash"]).not.toBe(stored);
  });

  it("lets the new user log in before verifying, and shows a zero balance", async () => {
    await register(registration("new@example.com", "Sturdy-pass-1"));
    const token = await logIn(test, "NEW@example.com", "Sturdy-pass-1");
    const profile = await test.call("GET", "/v1/user/profile/", { token });
    expect(profileOf(profile.body)).toMatchObject({ wallet_balance: 0, otp_verification: 0, phone_no: "08123456789" });
  });

  it("lists every missing field, with the first error as the message", async () => {
    const answer = await register({});
    const required = ["This field is required."];
    expect(answer).toMatchObject({
      status: 400,
      body: {
        status: 400,
        message: "This field is required.",
        data: {
          first_name: required,
          last_name: required,
          email: required,
          username: required,
          password: required,
          password2: required,
          phone_no: required,
        },
      },
    });
  });

  it.each([
    ["email", { email: "not-an-email", username: "not-an-email" }, "Enter a valid email address."],
    ["email", { email: "a@b", username: "a@b" }, "Enter a valid email address."],
    ["username", { username: "someone.else@example.com" }, "Username must be the same as the email address."],
    [
      "password",
      { password: "short1", password2: "short1" },
      "This password is too short. It must contain at least 8 characters.",
    ],
    ["password2", { password2: "Different-pass-1" }, "Password fields didn't match."],
    [
      "phone_no",
      { profile: { phone_no: "0812345678" } },
      "Enter an 11-digit phone number starting with 0, e.g. 08012345678.",
    ],
    [
      "phone_no",
      { profile: { phone_no: "18123456789" } },
      "Enter an 11-digit phone number starting with 0, e.g. 08012345678.",
    ],
    [
      "phone_no",
      { profile: { phone_no: "0812345678a" } },
      "Enter an 11-digit phone number starting with 0, e.g. 08012345678.",
    ],
    ["first_name", { first_name: 42 }, "Not a valid string."],
    ["last_name", { last_name: "x".repeat(151) }, "Ensure this field has no more than 150 characters."],
    ["hear_us", { profile: { phone_no: "08123456789", hear_us: ["radio"] } }, "Not a valid string."],
  ])("rejects a bad %s: %j", async (field, change, message) => {
    const answer = await register({ ...registration("ada@example.com"), ...change });
    expect(answer).toEqual({
      status: 400,
      headers: answer.headers,
      body: { status: 400, message, data: { [field]: [message] } },
    });
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM users WHERE email = 'ada@example.com'").get()?.["n"]).toBe(0);
  });

  it("refuses an e-mail that already has an account, whatever its case", async () => {
    expect((await register(registration("taken@example.com"))).status).toBe(200);
    const answer = await register(registration("TAKEN@example.com"));
    expect(answer.body).toEqual({
      status: 400,
      message: "A user with that email already exists.",
      data: { email: ["A user with that email already exists."] },
    });
    const demo = await register(registration("normal@payvend.test"));
    expect(demo.status).toBe(400);
  });

  it("answers a body that is not a JSON object in the business envelope", async () => {
    expect((await register("{not json")).body).toEqual({ status: 400, message: "The request body is not valid JSON." });
    expect((await register([1, 2])).body).toEqual({ status: 400, message: "The request body must be a JSON object." });
  });

  it("is a POST-only public call", async () => {
    const answer = await test.call("GET", "/v1/register/");
    expect(answer.status).toBe(405);
  });
});
