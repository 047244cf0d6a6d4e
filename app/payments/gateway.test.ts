import { describe, expect, it } from "vitest";
import { PaymentError, isAllowedRedirect, nairaOnWire } from "./gateway.ts";

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

describe("nairaOnWire", () => {
  it.each([
    [10_000, 100],
    [150_050, 1500.5],
    [1, 0.01],
  ])("%i kobo is ₦%s on the wire", (kobo, naira) => {
    expect(nairaOnWire(kobo)).toBe(naira);
    expect(JSON.stringify(nairaOnWire(kobo))).toBe(String(naira));
  });

  it.each([0, -100, 10.5, Number.NaN])("refuses %s kobo", (kobo) => {
    expect(() => nairaOnWire(kobo)).toThrow(RangeError);
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
