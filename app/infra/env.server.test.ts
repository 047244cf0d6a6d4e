import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { EnvError, parseEnv, SETTING_NAMES } from "./env.server.ts";

const monnifyKeys = {
  MONNIFY_API_KEY: "MK_TEST_KEY",
  MONNIFY_SECRET_KEY: "monnify-secret-value",
  MONNIFY_CONTRACT_CODE: "4934121686",
};

describe("parseEnv", () => {
  it("gives working defaults on a fresh machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.UPSTREAM_URL).toBeUndefined();
    expect(env.SANDBOX_DB).toBe("./data/sandbox.db");
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.SESSION_SECRET).toHaveLength(1);
    expect(env.FUNDING_GATEWAY).toBe("sandbox");
    expect(env.ORDER_GATEWAY).toBe("sandbox");
    expect(env.CHECKOUT_SURCHARGE_PERCENT).toBe(1.5);
    expect(env.PAYMENT_TIMEOUT_MS).toBe(15_000);
    expect(env.MONNIFY_BASE_URL).toBe("https://sandbox.monnify.com");
    expect(env.FLUTTERWAVE_BASE_URL).toBe("https://api.flutterwave.com");
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
    [{ FUNDING_GATEWAY: "paypal" }, "FUNDING_GATEWAY"],
    // Each gateway takes only the payments it was chosen for.
    [{ FUNDING_GATEWAY: "flutterwave", FLUTTERWAVE_SECRET_KEY: "FLWSECK_TEST-x-X" }, "FUNDING_GATEWAY"],
    [{ ORDER_GATEWAY: "monnify", ...monnifyKeys }, "ORDER_GATEWAY"],
    [{ FUNDING_GATEWAY: "monnify" }, "MONNIFY_API_KEY"],
    [{ FUNDING_GATEWAY: "monnify", ...monnifyKeys, MONNIFY_SECRET_KEY: "" }, "MONNIFY_SECRET_KEY"],
    [{ FUNDING_GATEWAY: "monnify", ...monnifyKeys, MONNIFY_CONTRACT_CODE: " " }, "MONNIFY_CONTRACT_CODE"],
    [{ ORDER_GATEWAY: "flutterwave" }, "FLUTTERWAVE_SECRET_KEY"],
    [{ MONNIFY_BASE_URL: "sandbox.monnify.com" }, "MONNIFY_BASE_URL"],
    [{ FLUTTERWAVE_BASE_URL: "ftp://api.flutterwave.com" }, "FLUTTERWAVE_BASE_URL"],
    [{ CHECKOUT_SURCHARGE_PERCENT: "-1" }, "CHECKOUT_SURCHARGE_PERCENT"],
    [{ CHECKOUT_SURCHARGE_PERCENT: "101" }, "CHECKOUT_SURCHARGE_PERCENT"],
    [{ CHECKOUT_SURCHARGE_PERCENT: "one and a half" }, "CHECKOUT_SURCHARGE_PERCENT"],
    [{ PAYMENT_TIMEOUT_MS: "50" }, "PAYMENT_TIMEOUT_MS"],
    [{ PAYMENT_TIMEOUT_MS: "soon" }, "PAYMENT_TIMEOUT_MS"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL"],
    [{ REDIS_URL: "https://cache.example.ng" }, "REDIS_URL"],
  ])("refuses %o and names %s", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it.each([
    [{ CHECKOUT_SURCHARGE_PERCENT: "0" }, "CHECKOUT_SURCHARGE_PERCENT", 0],
    [{ CHECKOUT_SURCHARGE_PERCENT: "2.5" }, "CHECKOUT_SURCHARGE_PERCENT", 2.5],
    [{ CHECKOUT_SURCHARGE_PERCENT: "100" }, "CHECKOUT_SURCHARGE_PERCENT", 100],
    [{ PAYMENT_TIMEOUT_MS: "30000" }, "PAYMENT_TIMEOUT_MS", 30_000],
    [{ MONNIFY_BASE_URL: "https://api.monnify.com/" }, "MONNIFY_BASE_URL", "https://api.monnify.com"],
    [{ FLUTTERWAVE_BASE_URL: "" }, "FLUTTERWAVE_BASE_URL", "https://api.flutterwave.com"],
    [{ FUNDING_GATEWAY: "monnify", ...monnifyKeys }, "FUNDING_GATEWAY", "monnify"],
    [{ ORDER_GATEWAY: "flutterwave", FLUTTERWAVE_SECRET_KEY: "FLWSECK_TEST-x-X" }, "ORDER_GATEWAY", "flutterwave"],
    [{ MONNIFY_API_KEY: "  MK_TEST_KEY \n" }, "MONNIFY_API_KEY", "MK_TEST_KEY"],
    [{ REDIS_URL: "" }, "REDIS_URL", undefined],
    [{ REDIS_URL: "redis://127.0.0.1:6379" }, "REDIS_URL", "redis://127.0.0.1:6379"],
    [
      { REDIS_URL: " rediss://:s3cret@cache.example.ng:6380/2 " },
      "REDIS_URL",
      "rediss://:s3cret@cache.example.ng:6380/2",
    ],
  ] as const)("accepts %o as %s = %o", (source, variable, expected) => {
    expect(parseEnv(source)[variable]).toEqual(expected);
  });

  it("lets keys of a gateway not chosen stay unset", () => {
    expect(() => parseEnv({ FUNDING_GATEWAY: "sandbox", ORDER_GATEWAY: "sandbox" })).not.toThrow();
  });

  it("names a missing key without echoing the keys that are set", () => {
    const source = {
      FUNDING_GATEWAY: "monnify",
      ...monnifyKeys,
      MONNIFY_CONTRACT_CODE: "",
      ORDER_GATEWAY: "flutterwave",
    };
    let message = "";
    try {
      parseEnv(source);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toContain("MONNIFY_CONTRACT_CODE: is required when FUNDING_GATEWAY=monnify");
    expect(message).toContain("FLUTTERWAVE_SECRET_KEY: is required when ORDER_GATEWAY=flutterwave");
    expect(message).not.toContain(monnifyKeys.MONNIFY_SECRET_KEY);
    expect(message).not.toContain(monnifyKeys.MONNIFY_API_KEY);
  });

  it("refuses a bad REDIS_URL without echoing the password in it", () => {
    expect(() => parseEnv({ REDIS_URL: "http://:s3cret-value@cache.example.ng" })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ REDIS_URL: "http://:s3cret-value@cache.example.ng" })).not.toThrow(/s3cret-value/);
  });

  it("lets production run on the sandbox without a secret (nothing real to protect)", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });
});

describe("the documented settings", () => {
  // `NAME=value` lines of .env.example, and `# NAME=value` ones (set by the Docker image).
  const example = new Map(
    [...readFileSync(".env.example", "utf8").matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
      ([, name = "", value = ""]) => [name, value],
    ),
  );
  const operating = readFileSync("docs/operating.md", "utf8");

  it.each(SETTING_NAMES)("%s is in .env.example and in docs/operating.md's configuration table", (name) => {
    expect(example.has(name)).toBe(true);
    expect(operating).toMatch(new RegExp(`^\\| [^|]*\`${name}\``, "m"));
  });

  it(".env.example's values are the defaults: taken as given, they change nothing", () => {
    const portalSettings = Object.fromEntries([...example].filter(([name]) => SETTING_NAMES.includes(name)));
    expect(parseEnv(portalSettings)).toEqual(parseEnv({}));
  });
});
