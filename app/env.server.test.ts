import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("gives working defaults on a fresh machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.UPSTREAM_URL).toBeUndefined();
    expect(env.SANDBOX_DB).toBe("./data/sandbox.db");
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.SESSION_SECRET).toHaveLength(1);
  });

  it("treats blank values from an env file as unset", () => {
    const env = parseEnv({ UPSTREAM_URL: "", PORT: " ", MONNIFY_API_KEY: "" });
    expect(env.UPSTREAM_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.MONNIFY_API_KEY).toBeUndefined();
  });

  it.each([
    ["true", true],
    ["false", false],
    ["2", 2],
    ["loopback, 10.0.0.0/8", "loopback, 10.0.0.0/8"],
  ])("reads TRUST_PROXY=%s", (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it("drops a trailing slash from UPSTREAM_URL so paths append cleanly", () => {
    expect(parseEnv({ UPSTREAM_URL: "https://api.example.ng/" }).UPSTREAM_URL).toBe("https://api.example.ng");
  });

  it("splits SESSION_SECRET into a rotation list", () => {
    const env = parseEnv({ SESSION_SECRET: "first-secret-0123456789, second-secret-0123456789" });
    expect(env.SESSION_SECRET).toEqual(["first-secret-0123456789", "second-secret-0123456789"]);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ UPSTREAM_URL: "ftp://api.example.ng" }, "UPSTREAM_URL"],
    [{ UPSTREAM_URL: "not a url" }, "UPSTREAM_URL"],
    [{ UPSTREAM_TIMEOUT_MS: "5" }, "UPSTREAM_TIMEOUT_MS"],
    [{ TRUST_PROXY: "yes please!" }, "TRUST_PROXY"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production", UPSTREAM_URL: "https://api.example.ng" }, "SESSION_SECRET"],
    [{ PAYMENT_GATEWAY: "paypal" }, "PAYMENT_GATEWAY"],
  ])("refuses %o and names %s", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it("lets production run on the sandbox without a secret (nothing real to protect)", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });
});
