import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoAccounts, demoPassword } from "../seed/demo-accounts.ts";
import { sha256Hex } from "../accounts/secrets.ts";
import { logIn, registerAccount } from "../testing/accounts.ts";
import { isRecord, startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;

beforeEach(() => {
  test = startTestSandbox();
});

afterEach(() => {
  test.close();
});

const normal = "normal@payvend.test";
const agent = "agent@payvend.test";
const badCredentials = {
  type: "validation_error",
  errors: [{ code: "authorization", detail: "Unable to log in with provided credentials.", attr: "non_field_errors" }],
};
const notAuthenticated = {
  type: "client_error",
  errors: [{ code: "not_authenticated", detail: "Authentication credentials were not provided.", attr: null }],
};
const invalidToken = {
  type: "client_error",
  errors: [{ code: "authentication_failed", detail: "Invalid token.", attr: null }],
};

function login(body: unknown) {
  return test.call("POST", "/v1/login/", { body });
}

describe("call 4: POST /v1/login/", () => {
  it("answers a 43-character base64url key, stored only as its SHA-256", async () => {
    const answer = await login({ email: normal, password: demoPassword });
    expect(answer.status).toBe(200);
    expect(Object.keys(isRecord(answer.body) ? answer.body : {})).toEqual(["key"]);
    const key = isRecord(answer.body) ? String(answer.body["key"]) : "";
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = test.db.prepare("SELECT * FROM auth_tokens").all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: sha256Hex(key), revoked_at: null });
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it("issues a new key per login", async () => {
    const first = await logIn(test, normal, demoPassword);
    const second = await logIn(test, normal, demoPassword);
    expect(first).not.toBe(second);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const wrongPassword = await login({ email: normal, password: "Not-the-password" });
    const unknownEmail = await login({ email: "nobody@payvend.test", password: demoPassword });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual(badCredentials);
    expect(unknownEmail.status).toBe(400);
    expect(unknownEmail.body).toEqual(badCredentials);
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM auth_tokens").get()?.["n"]).toBe(0);
  });

  it("reports each missing field", async () => {
    const answer = await login({ email: "", password: null });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        type: "validation_error",
        errors: [
          { code: "required", detail: "This field is required.", attr: "email" },
          { code: "required", detail: "This field is required.", attr: "password" },
        ],
      },
    });
  });

  it("reports a malformed e-mail, a non-text field and a non-JSON body", async () => {
    expect((await login({ email: "normal", password: "x" })).body).toEqual({
      type: "validation_error",
      errors: [{ code: "invalid", detail: "Enter a valid email address.", attr: "email" }],
    });
    expect((await login({ email: normal, password: 12345678 })).body).toEqual({
      type: "validation_error",
      errors: [{ code: "invalid", detail: "Not a valid string.", attr: "password" }],
    });
    expect((await login("nope")).body).toEqual({
      type: "validation_error",
      errors: [{ code: "parse_error", detail: "The request body is not valid JSON.", attr: null }],
    });
  });

  it("lets an unverified user in", async () => {
    const account = await registerAccount(test);
    expect(await logIn(test, account.email, account.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("bearer authentication of A calls", () => {
  it("answers no Authorization header with not_authenticated", async () => {
    const answer = await test.call("GET", "/v1/user/profile/");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(notAuthenticated);
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("treats another scheme as no credentials", async () => {
    const answer = await test.call("GET", "/v1/user/profile/", { headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expect(answer.body).toEqual(notAuthenticated);
  });

  it.each(["Bearer", "Bearer not-a-real-token", "Bearer two parts"])(
    "answers %j with authentication_failed",
    async (header) => {
      const answer = await test.call("GET", "/v1/user/profile/", { headers: { Authorization: header } });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(invalidToken);
    },
  );

  it("refuses a revoked token, and revokeTokens counts what it revoked", async () => {
    const first = await logIn(test, normal, demoPassword);
    const second = await logIn(test, normal, demoPassword);
    const other = await logIn(test, agent, demoPassword);
    expect(test.sandbox.revokeTokens("NORMAL@payvend.test")).toBe(2);
    expect(test.sandbox.revokeTokens(normal)).toBe(0);
    expect(test.sandbox.revokeTokens("nobody@payvend.test")).toBe(0);
    for (const token of [first, second]) {
      const answer = await test.call("GET", "/v1/user/profile/", { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(invalidToken);
    }
    expect((await test.call("GET", "/v1/user/profile/", { token: other })).status).toBe(200);
  });

  it("does not expire a token on its own", async () => {
    const token = await logIn(test, normal, demoPassword);
    test.advance(90 * 24 * 60 * 60 * 1000);
    expect((await test.call("GET", "/v1/user/profile/", { token })).status).toBe(200);
  });
});

describe("call 15: POST /v1/logout/", () => {
  it("revokes the bearer token", async () => {
    const token = await logIn(test, normal, demoPassword);
    const answer = await test.call("POST", "/v1/logout/", { token, body: { token } });
    expect(answer).toMatchObject({ status: 200, body: { detail: "Successfully logged out." } });
    expect((await test.call("GET", "/v1/user/profile/", { token })).body).toEqual(invalidToken);
    expect(test.db.prepare("SELECT revoked_at FROM auth_tokens").get()?.["revoked_at"]).toBe(
      "2026-03-02T09:00:00.000Z",
    );
  });

  it("revokes the body token too when it is the same user's, but not someone else's", async () => {
    const bearer = await logIn(test, normal, demoPassword);
    const sameUser = await logIn(test, normal, demoPassword);
    const otherUser = await logIn(test, agent, demoPassword);
    await test.call("POST", "/v1/logout/", { token: bearer, body: { token: sameUser } });
    expect((await test.call("GET", "/v1/user/profile/", { token: sameUser })).status).toBe(401);

    const again = await logIn(test, normal, demoPassword);
    await test.call("POST", "/v1/logout/", { token: again, body: { token: otherUser } });
    expect((await test.call("GET", "/v1/user/profile/", { token: again })).status).toBe(401);
    expect((await test.call("GET", "/v1/user/profile/", { token: otherUser })).status).toBe(200);
  });

  it("works without a body and refuses a token that is not text", async () => {
    const token = await logIn(test, normal, demoPassword);
    expect((await test.call("POST", "/v1/logout/", { token, body: { token: 7 } })).body).toEqual({
      status: 400,
      message: "token must be a string.",
    });
    expect((await test.call("POST", "/v1/logout/", { token })).status).toBe(200);
    expect((await test.call("POST", "/v1/logout/", { token })).body).toEqual(invalidToken);
  });

  it("needs a token", async () => {
    expect((await test.call("POST", "/v1/logout/", { body: {} })).body).toEqual(notAuthenticated);
  });
});

describe("demo accounts", () => {
  it("can all log in", async () => {
    for (const account of demoAccounts) {
      expect(await logIn(test, account.email, account.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});
