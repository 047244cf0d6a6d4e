import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoPassword } from "../seed/demo-accounts.ts";
import { sha256Hex } from "../accounts/secrets.ts";
import { lastEmail, lastResetLink, lastResetToken, logIn } from "../testing/accounts.ts";
import { startTestSandbox, testPortalOrigin } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;

beforeEach(() => {
  test = startTestSandbox();
});

afterEach(() => {
  test.close();
});

const email = "reseller@payvend.test";
const newPassword = "Brand-new-pass-7";
const invalidLink = { status: 400, message: "The reset link is invalid or has expired." };
const invalidEmail = (code: string) => ({
  type: "validation_error",
  errors: [{ code, detail: "Enter a valid email address.", attr: "email" }],
});

function forgot(body: unknown) {
  return test.call("POST", "/password_reset/", { body });
}

function reset(token: string, password = newPassword, confirmation = password) {
  return test.call("POST", "/v1/reset_password/", {
    body: { new_password: password, confirm_new_password: confirmation, password_token: token },
  });
}

async function requestToken(): Promise<string> {
  await forgot({ email });
  return lastResetToken(test, email);
}

describe("call 9: POST /password_reset/", () => {
  it("answers the same for a known and an unknown e-mail, and mails only the known one", async () => {
    const known = await forgot({ email: "Reseller@PayVend.test" });
    const unknown = await forgot({ email: "stranger@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ status: "OK" });
    expect(unknown.body).toEqual(known.body);
    expect(test.sandbox.outbox().map((message) => message.to)).toEqual([email]);
    expect(test.logged.filter((line) => line["event"] === "email")).toHaveLength(1);
  });

  it("logs that a mail went and to whom, never its link or token", async () => {
    await forgot({ email });
    const token = lastResetToken(test, email);
    const logged = test.logged.filter((line) => line["event"] === "email");
    expect(logged).toEqual([
      expect.objectContaining({ to: email, subject: "Reset your Payvend password", id: lastEmail(test, email).id }),
    ]);
    expect(JSON.stringify(test.logged)).not.toContain(token);
  });

  it("mails a one-hour link to the portal, keeping only the token's hash", async () => {
    await forgot({ email });
    expect(lastEmail(test, email).subject).toBe("Reset your Payvend password");
    const link = lastResetLink(test, email).href;
    expect(link).toMatch(new RegExp(`^${testPortalOrigin}/password_reset/confirm/\\?token=[A-Za-z0-9_-]{43}$`));

    const token = lastResetToken(test, email);
    const row = test.db.prepare("SELECT * FROM password_reset_tokens").get();
    expect(row).toMatchObject({
      token_hash: sha256Hex(token),
      created_at: "2026-03-02T09:00:00.000Z",
      expires_at: "2026-03-02T10:00:00.000Z",
      used_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it.each([
    [{}, "required"],
    [{ email: "" }, "required"],
    [{ email: "reseller" }, "invalid"],
    [{ email: 5 }, "invalid"],
  ])("refuses %j", async (body, code) => {
    const answer = await forgot(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(invalidEmail(code));
  });
});

describe("call 10: POST /v1/reset_password/", () => {
  it("sets the new password and revokes every session", async () => {
    const session = await logIn(test, email, demoPassword);
    const answer = await reset(await requestToken());
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "Password reset done successfully" } });
    expect((await test.call("GET", "/v1/user/profile/", { token: session })).status).toBe(401);
    expect((await test.call("POST", "/v1/login/", { body: { email, password: demoPassword } })).status).toBe(400);
    expect(await logIn(test, email, newPassword)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("accepts a link once, and kills the user's other outstanding links", async () => {
    const older = await requestToken();
    const newer = await requestToken();
    expect(older).not.toBe(newer);
    expect((await reset(newer)).status).toBe(200);
    expect((await reset(newer, "Another-pass-88")).body).toEqual(invalidLink);
    expect((await reset(older, "Another-pass-88")).body).toEqual(invalidLink);
    expect(await logIn(test, email, newPassword)).toBeTruthy();
  });

  it("keeps a link for one hour and no longer", async () => {
    const token = await requestToken();
    test.advance(60 * 60 * 1000);
    expect((await reset(token)).body).toEqual(invalidLink);

    const fresh = await requestToken();
    test.advance(60 * 60 * 1000 - 1);
    expect((await reset(fresh)).status).toBe(200);
  });

  it.each([
    ["an unknown token", "x".repeat(43)],
    ["an empty token", ""],
  ])("refuses %s", async (_label, token) => {
    expect((await reset(token)).body).toEqual(invalidLink);
  });

  it("refuses mismatched, short or missing passwords without using the link", async () => {
    const token = await requestToken();
    expect((await reset(token, newPassword, "Other-pass-123")).body).toEqual({
      status: 400,
      message: "The two passwords doesn't match",
    });
    expect((await reset(token, "short")).body).toEqual({
      status: 400,
      message: "Password must be at least 8 characters.",
    });
    expect((await reset(token, "")).body).toEqual({ status: 400, message: "New password is required." });
    expect((await reset(token, newPassword, "")).body).toEqual({
      status: 400,
      message: "Confirm password is required.",
    });
    expect((await reset(token)).status).toBe(200);
  });
});
