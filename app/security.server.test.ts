import { afterEach, describe, expect, it } from "vitest";
import { setPaymentGateways } from "./payments/config.server.ts";
import type { PaymentGateway } from "./payments/gateway.ts";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce } from "./security.server.ts";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...values] = directive.split(" ");
      return [name, values];
    }),
  );
}

function gatewayOn(origins: string[]): PaymentGateway {
  return {
    name: "flutterwave",
    origins,
    createPayment: () => Promise.reject(new Error("not in this test")),
    checkReturn: () => Promise.reject(new Error("not in this test")),
  };
}

afterEach(() => {
  setPaymentGateways(undefined);
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from us with this response's nonce, and no framing or plugins", () => {
    const policy = directives(contentSecurityPolicy("abc123", { imageOrigins: [], development: false, formActionOrigins: [] }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
  });

  it("lets images come from the upstream that hosts provider logos", () => {
    const policy = directives(contentSecurityPolicy("n", { imageOrigins: ["https://api.example.ng"], development: false, formActionOrigins: [] }));
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https://api.example.ng"]);
  });

  it("opens live reload and inline styles in development only", () => {
    const policy = directives(contentSecurityPolicy("n", { imageOrigins: [], development: true, formActionOrigins: [] }));
    expect(policy.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("lets a form post end on a gateway's checkout, since browsers check form-action on the redirect", () => {
    const policy = directives(
      contentSecurityPolicy("n", { imageOrigins: [], development: false, formActionOrigins: ["https://checkout.flutterwave.com"] }),
    );
    expect(policy.get("form-action")).toEqual(["'self'", "https://checkout.flutterwave.com"]);
  });

  it("takes form-action's origins from the configured gateways when not told", () => {
    expect(directives(contentSecurityPolicy("n", { imageOrigins: [], development: false })).get("form-action")).toEqual(["'self'"]);

    const gateway = gatewayOn(["https://sandbox.sdk.monnify.com"]);
    setPaymentGateways({ funding: gateway, order: gateway });
    expect(directives(contentSecurityPolicy("n", { imageOrigins: [], development: false })).get("form-action")).toEqual([
      "'self'",
      "https://sandbox.sdk.monnify.com",
    ]);
  });
});

describe("createNonce", () => {
  it("gives a fresh base64 value each time", () => {
    const first = createNonce();
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(first);
  });
});

describe("baseSecurityHeaders", () => {
  it("never sends no-referrer, which would break the origin check of form posts", () => {
    expect(baseSecurityHeaders(false)["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("adds HSTS only over HTTPS", () => {
    expect(baseSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toContain("max-age=");
  });
});
