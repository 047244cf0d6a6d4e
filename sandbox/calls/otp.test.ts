import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lastOtp, logIn, profileOf, registerAccount } from "../testing/accounts.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;
let email: string;
let token: string;

beforeEach(async () => {
  test = startTestSandbox();
  const account = await registerAccount(test);
  email = account.email;
  token = await logIn(test, account.email, account.password);
});

afterEach(() => {
  test.close();
});

const invalidOrExpired = { status: 400, message: "Invalid or expired OTP." };
const minute = 60 * 1000;

function verify(otp: unknown) {
  return test.call("POST", "/v1/user/otp-verification/", { token, body: { otp } });
}

function resend() {
  return test.call("GET", "/v1/user/resend-otp/", { token });
}

async function isVerified(): Promise<unknown> {
  return profileOf((await test.call("GET", "/v1/user/profile/", { token })).body)["otp_verification"];
}

// Any 4-digit code other than the live one.
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 10000).padStart(4, "0");
}

describe("call 6: POST /v1/user/otp-verification/", () => {
  it("verifies the account with the e-mailed code", async () => {
    expect(await isVerified()).toBe(0);
    const answer = await verify(lastOtp(test, email));
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "OTP verified successfully." } });
    expect(await isVerified()).toBe(1);
  });

  it("stores the code hashed, never in clear", () => {
    const code = lastOtp(test, email);
    const row = test.db.prepare("SELECT * FROM otp_codes").get();
    expect(String(row?.["code_hash"])).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.["code_hash"]).not.toContain(code);
    expect(row?.["expires_at"]).toBe("2026-03-02T09:10:00.000Z");
  });

  it("refuses a wrong code and leaves the account unverified", async () => {
    expect((await verify(wrongCode(lastOtp(test, email)))).body).toEqual(invalidOrExpired);
    expect(await isVerified()).toBe(0);
  });

  it("accepts a code once only", async () => {
    const code = lastOtp(test, email);
    expect((await verify(code)).status).toBe(200);
    const again = await verify(code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalidOrExpired);
  });

  it("keeps a code for 10 minutes and no longer", async () => {
    const code = lastOtp(test, email);
    test.advance(10 * minute);
    expect((await verify(code)).body).toEqual(invalidOrExpired);
    expect(await isVerified()).toBe(0);

    await resend();
    test.advance(10 * minute - 1);
    expect((await verify(lastOtp(test, email))).status).toBe(200);
  });

  it.each([
    [undefined, "OTP is required."],
    ["", "OTP is required."],
    ["123", "OTP must be exactly 4 digits."],
    ["12345", "OTP must be exactly 4 digits."],
    ["12a4", "OTP must be exactly 4 digits."],
    [1234, "OTP must be exactly 4 digits."],
  ])("refuses %j with a message", async (otp, message) => {
    const answer = await verify(otp);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message });
  });

  it("needs a token", async () => {
    const answer = await test.call("POST", "/v1/user/otp-verification/", { body: { otp: "1234" } });
    expect(answer.status).toBe(401);
  });
});

describe("call 7: GET /v1/user/resend-otp/", () => {
  it("e-mails a new code and voids the older one", async () => {
    const old = lastOtp(test, email);
    const answer = await resend();
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "Otp resent to your email box." } });
    const fresh = lastOtp(test, email);
    expect(fresh).toMatch(/^\d{4}$/);
    expect(test.sandbox.outbox().filter((message) => message.to === email)).toHaveLength(2);

    // Codes are random, so the new one may equal the old; only a different one proves voiding.
    if (fresh !== old) {
      expect((await verify(old)).body).toEqual(invalidOrExpired);
    }
    const rows = test.db.prepare("SELECT voided_at, used_at FROM otp_codes ORDER BY id").all();
    expect(rows).toEqual([
      { voided_at: "2026-03-02T09:00:00.000Z", used_at: null },
      { voided_at: null, used_at: null },
    ]);
    expect((await verify(fresh)).status).toBe(200);
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/user/resend-otp/")).status).toBe(401);
  });
});
