import { describe, expect, it } from "vitest";
import { PaymentError, isAllowedRedirect } from "./gateway.ts";

describe("isAllowedRedirect", () => {
  const origins = ["https://checkout.flutterwave.com"];

  it.each([
    ["/sandbox/gateway/checkout/REF-1", true],
    ["https://checkout.flutterwave.com/v3/hosted/pay/abc", true],
    ["https://checkout.flutterwave.com:443/v3/hosted/pay/abc", true],
    ["//evil.example/pay", false],
    ["/\\evil.example/pay", false],
    ["https://evil.example/v3/hosted/pay/abc", false],
    ["http://checkout.flutterwave.com/v3/hosted/pay/abc", false],
    ["https://user:pass@checkout.flutterwave.com/pay", false],
    ["javascript:alert(1)", false],
    ["checkout.flutterwave.com/pay", false],
  ])("%s → %s", (target, allowed) => {
    expect(isAllowedRedirect(target, origins)).toBe(allowed);
  });
});

describe("PaymentError", () => {
  it("carries its kind and the gateway's status", () => {
    const error = new PaymentError("refused", "no", { status: 400 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "PaymentError", kind: "refused", status: 400 });
    expect(new PaymentError("timeout", "slow").status).toBe(0);
  });
});
