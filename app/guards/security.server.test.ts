import { afterEach, describe, expect, it } from "vitest";
import { setPaymentGateways } from "../payments/config.server.ts";
import type { PaymentGateway } from "../payments/gateway.ts";
import {
  BODY_LIMIT_BYTES,
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  fileSecurityHeaders,
  type RequestFacts,
  requestRefusal,
} from "./security.server.ts";

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
    const policy = directives(
      contentSecurityPolicy("abc123", { imageOrigins: [], development: false, formActionOrigins: [] }),
    );
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
  });

  it("lets images come from the upstream that hosts provider logos", () => {
    const policy = directives(
      contentSecurityPolicy("n", {
        imageOrigins: ["https://api.example.ng"],
        development: false,
        formActionOrigins: [],
      }),
    );
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https://api.example.ng"]);
  });

  it("opens live reload and inline styles in development only", () => {
    const policy = directives(
      contentSecurityPolicy("n", { imageOrigins: [], development: true, formActionOrigins: [] }),
    );
    expect(policy.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("lets a form post end on a gateway's checkout, since browsers check form-action on the redirect", () => {
    const policy = directives(
      contentSecurityPolicy("n", {
        imageOrigins: [],
        development: false,
        formActionOrigins: ["https://checkout.flutterwave.com"],
      }),
    );
    expect(policy.get("form-action")).toEqual(["'self'", "https://checkout.flutterwave.com"]);
  });

  it("takes form-action's origins from the configured gateways when not told", () => {
    expect(directives(contentSecurityPolicy("n", { imageOrigins: [], development: false })).get("form-action")).toEqual(
      ["'self'"],
    );

    const gateway = gatewayOn(["https://sandbox.sdk.monnify.com"]);
    setPaymentGateways({ funding: gateway, order: gateway });
    expect(directives(contentSecurityPolicy("n", { imageOrigins: [], development: false })).get("form-action")).toEqual(
      ["'self'", "https://sandbox.sdk.monnify.com"],
    );
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

describe("fileSecurityHeaders", () => {
  it("keeps nosniff, and HSTS over HTTPS, and leaves out what only a document reads", () => {
    expect(fileSecurityHeaders(false)).toEqual({ "X-Content-Type-Options": "nosniff" });
    expect(fileSecurityHeaders(true)).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    });
  });
});

describe("requestRefusal", () => {
  const form: RequestFacts = {
    method: "POST",
    host: "portal.example:3000",
    contentType: "application/x-www-form-urlencoded",
    contentLength: "120",
    transferEncoding: undefined,
  };

  it.each<[string, Partial<RequestFacts>]>([
    ["a page", { method: "GET", contentType: undefined, contentLength: undefined }],
    ["a HEAD request", { method: "HEAD", contentType: undefined, contentLength: undefined }],
    ["a url-encoded form", {}],
    ["a form with a charset", { contentType: "application/x-www-form-urlencoded; charset=UTF-8" }],
    ["a multipart form", { contentType: "multipart/form-data; boundary=----x" }],
    ["a form of exactly the limit", { contentLength: String(BODY_LIMIT_BYTES) }],
    ["a request without a Host (HTTP/1.0)", { host: undefined }],
  ])("lets %s through", (_name, change) => {
    expect(requestRefusal({ ...form, ...change })).toBeNull();
  });

  it.each<[string, Partial<RequestFacts>, number]>([
    ["a JSON body", { contentType: "application/json" }, 415],
    ["a text/plain body", { contentType: "text/plain" }, 415],
    ["a post without a Content-Type", { contentType: undefined }, 415],
    ["a body one byte over the limit", { contentLength: String(BODY_LIMIT_BYTES + 1) }, 413],
    ["a chunked body of unknown size", { contentLength: undefined, transferEncoding: "chunked" }, 411],
    ["a nonsense Content-Length", { contentLength: "12abc" }, 400],
    ["a Host no URL can hold", { host: "exa mple" }, 400],
    ["PUT", { method: "PUT" }, 405],
    ["DELETE", { method: "DELETE" }, 405],
    ["TRACE", { method: "TRACE" }, 405],
  ])("refuses %s with %i", (_name, change, status) => {
    expect(requestRefusal({ ...form, ...change })?.status).toBe(status);
  });

  it("tells a client which methods there are", () => {
    expect(requestRefusal({ ...form, method: "OPTIONS" })).toMatchObject({ status: 405, allow: "GET, HEAD, POST" });
  });
});
