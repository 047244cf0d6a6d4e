import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../infra/env.server.ts";
import {
  buildGateway,
  fundingGateway,
  gatewayOrigins,
  orderGateway,
  rememberCheckouts,
  setPaymentGateways,
} from "./config.server.ts";
import { PaymentError } from "./gateway.ts";
import type { GatewayName, NewPayment, PaymentGateway } from "./gateway.ts";

const monnifyKeys = { MONNIFY_API_KEY: "MK_TEST_X", MONNIFY_SECRET_KEY: "secret", MONNIFY_CONTRACT_CODE: "123" };

function fake(name: GatewayName, origins: string[]): PaymentGateway {
  return {
    name,
    origins,
    createPayment: () => Promise.reject(new Error("not in this test")),
    checkReturn: () => Promise.reject(new Error("not in this test")),
  };
}

afterEach(() => {
  setPaymentGateways(undefined);
});

describe("buildGateway", () => {
  it("gives the embedded sandbox by default, whose checkout is on the portal itself", () => {
    const settings = parseEnv({});
    const gateway = buildGateway(settings.FUNDING_GATEWAY, settings);
    expect(gateway).toMatchObject({ name: "sandbox", origins: [] });
  });

  it("sends the browser to a remote sandbox's origin", () => {
    const settings = parseEnv({ UPSTREAM_URL: "http://127.0.0.1:4010/" });
    expect(buildGateway(settings.ORDER_GATEWAY, settings).origins).toEqual(["http://127.0.0.1:4010"]);
  });

  it("builds Monnify on its sandbox by default", () => {
    const settings = parseEnv({ FUNDING_GATEWAY: "monnify", ...monnifyKeys });
    expect(buildGateway(settings.FUNDING_GATEWAY, settings)).toMatchObject({
      name: "monnify",
      origins: ["https://sandbox.sdk.monnify.com"],
    });
  });

  it("builds Flutterwave on its API host by default", () => {
    const settings = parseEnv({ ORDER_GATEWAY: "flutterwave", FLUTTERWAVE_SECRET_KEY: "FLWSECK_TEST-x-X" });
    expect(buildGateway(settings.ORDER_GATEWAY, settings)).toMatchObject({
      name: "flutterwave",
      origins: ["https://checkout.flutterwave.com", "https://checkout-testing.flutterwave.com"],
    });
  });
});

describe("configured gateways", () => {
  it("builds each gateway once", () => {
    expect(fundingGateway()).toBe(fundingGateway());
    expect(orderGateway()).toBe(orderGateway());
  });

  it("lists every origin the browser may be sent to, once each", () => {
    setPaymentGateways({
      funding: fake("monnify", ["https://sandbox.sdk.monnify.com"]),
      order: fake("flutterwave", ["https://checkout.flutterwave.com", "https://sandbox.sdk.monnify.com"]),
    });
    expect(gatewayOrigins()).toEqual(["https://sandbox.sdk.monnify.com", "https://checkout.flutterwave.com"]);
  });
});

describe("rememberCheckouts", () => {
  const payment: NewPayment = {
    reference: "PVW0123456789ABCDEF01",
    amountKobo: 500_000,
    description: "Wallet Funding",
    customer: { email: "ada@example.ng", name: "Ada Obi", phone: "08031234567" },
    returnUrl: "https://portal.example.ng/dashboard/payments/return/sealed",
  };

  function counting(fail: () => boolean = () => false) {
    let calls = 0;
    const gateway: PaymentGateway = {
      ...fake("monnify", ["https://sandbox.sdk.monnify.com"]),
      createPayment: async () => {
        calls += 1;
        if (fail()) throw new PaymentError("timeout", "slow");
        return { redirectUrl: `https://sandbox.sdk.monnify.com/checkout/${calls}` };
      },
    };
    return { gateway, calls: () => calls };
  }

  it("gives a double-clicked Confirm the first checkout instead of a second payment", async () => {
    const inner = counting();
    const gateway = rememberCheckouts(inner.gateway);
    const [first, second] = await Promise.all([gateway.createPayment(payment), gateway.createPayment(payment)]);
    expect(second).toEqual(first);
    expect(inner.calls()).toBe(1);
    expect(gateway).toMatchObject({ name: "monnify", origins: ["https://sandbox.sdk.monnify.com"] });
  });

  it("asks again for another amount, another reference, or once the checkout is old", async () => {
    let clock = 0;
    const inner = counting();
    const gateway = rememberCheckouts(inner.gateway, { ttlMs: 1_000, now: () => clock });
    await gateway.createPayment(payment);
    await gateway.createPayment({ ...payment, amountKobo: 600_000 });
    await gateway.createPayment({ ...payment, reference: "PVW-OTHER" });
    expect(inner.calls()).toBe(3);
    clock = 1_000;
    await gateway.createPayment(payment);
    expect(inner.calls()).toBe(4);
  });

  it("does not remember a failure, so trying again asks the gateway again", async () => {
    let failing = true;
    const inner = counting(() => failing);
    const gateway = rememberCheckouts(inner.gateway);
    await expect(gateway.createPayment(payment)).rejects.toBeInstanceOf(PaymentError);
    failing = false;
    await expect(gateway.createPayment(payment)).resolves.toEqual({
      redirectUrl: "https://sandbox.sdk.monnify.com/checkout/2",
    });
  });
});
