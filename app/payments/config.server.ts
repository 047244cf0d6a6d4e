import { env } from "../infra/env.server.ts";
import type { Env } from "../infra/env.server.ts";
import { upstreamTarget } from "../upstream/transport.server.ts";
import { createFlutterwaveGateway } from "./flutterwave.server.ts";
import type { NewPayment, PaymentGateway } from "./gateway.ts";
import { createMonnifyGateway } from "./monnify.server.ts";
import { createSandboxGateway } from "./sandbox.server.ts";

// Which gateway takes which card payment is configuration (docs/operating.md): wallet
// funding goes to FUNDING_GATEWAY, airtime and data orders to ORDER_GATEWAY. env.server.ts
// has already checked that the chosen gateway's keys are set.

let funding: PaymentGateway | undefined;
let order: PaymentGateway | undefined;

/** The gateway for wallet funding by card. */
export function fundingGateway(): PaymentGateway {
  funding ??= rememberCheckouts(buildGateway(env().FUNDING_GATEWAY, env()));
  return funding;
}

/** The gateway for airtime and data paid by card. */
export function orderGateway(): PaymentGateway {
  order ??= rememberCheckouts(buildGateway(env().ORDER_GATEWAY, env()));
  return order;
}

/** Every origin the configured gateways send the browser to, for the CSP's form-action. */
export function gatewayOrigins(): string[] {
  return [...new Set([...fundingGateway().origins, ...orderGateway().origins])];
}

/** Tests swap in their own gateways; undefined goes back to the configured ones. */
export function setPaymentGateways(next: { funding?: PaymentGateway; order?: PaymentGateway } | undefined): void {
  funding = next?.funding;
  order = next?.order;
}

export function buildGateway(name: Env["FUNDING_GATEWAY"] | Env["ORDER_GATEWAY"], settings: Env): PaymentGateway {
  const timeoutMs = settings.PAYMENT_TIMEOUT_MS;
  switch (name) {
    case "sandbox":
      return createSandboxGateway({
        target: upstreamTarget,
        remoteOrigin: settings.UPSTREAM_URL === undefined ? null : new URL(settings.UPSTREAM_URL).origin,
        timeoutMs,
      });
    case "monnify":
      return createMonnifyGateway({
        baseUrl: settings.MONNIFY_BASE_URL,
        apiKey: required(settings.MONNIFY_API_KEY, "MONNIFY_API_KEY"),
        secretKey: required(settings.MONNIFY_SECRET_KEY, "MONNIFY_SECRET_KEY"),
        contractCode: required(settings.MONNIFY_CONTRACT_CODE, "MONNIFY_CONTRACT_CODE"),
        timeoutMs,
      });
    case "flutterwave":
      return createFlutterwaveGateway({
        baseUrl: settings.FLUTTERWAVE_BASE_URL,
        secretKey: required(settings.FLUTTERWAVE_SECRET_KEY, "FLUTTERWAVE_SECRET_KEY"),
        timeoutMs,
      });
  }
}

// parseEnv refuses a chosen gateway without its keys; this only reaches a caller that built
// an Env by hand.
function required(value: string | undefined, variable: string): string {
  if (value === undefined) throw new Error(`${variable} is required for the chosen payment gateway`);
  return value;
}

// Shorter than the checkouts themselves live (Monnify's, 40 minutes), so a remembered one
// still opens.
const REMEMBER_CHECKOUT_MS = 30 * 60_000;
const REMEMBER_AT_MOST = 10_000;

/**
 * A second createPayment for the same reference and amount, such as a double-clicked
 * Confirm, gets the first one's checkout instead of a second call: Monnify refuses a
 * paymentReference it has seen, which would show the customer an error while the first
 * checkout is still open. A failed call is not remembered, so trying again asks again.
 */
export function rememberCheckouts(
  gateway: PaymentGateway,
  options: { ttlMs?: number; now?: () => number } = {},
): PaymentGateway {
  const ttlMs = options.ttlMs ?? REMEMBER_CHECKOUT_MS;
  const now = options.now ?? Date.now;
  const remembered = new Map<string, { until: number; checkout: Promise<{ redirectUrl: string }> }>();

  function forget(key: string, checkout: Promise<{ redirectUrl: string }>): void {
    if (remembered.get(key)?.checkout === checkout) remembered.delete(key);
  }

  return {
    name: gateway.name,
    origins: gateway.origins,
    checkReturn: (query, context) => gateway.checkReturn(query, context),
    createPayment(payment: NewPayment, context) {
      const key = `${payment.reference}\u0000${payment.amountKobo}`;
      const time = now();
      const known = remembered.get(key);
      if (known !== undefined && time < known.until) return known.checkout;

      for (const [oldKey, entry] of remembered) {
        if (entry.until <= time || remembered.size >= REMEMBER_AT_MOST) remembered.delete(oldKey);
        else break;
      }
      const checkout = gateway.createPayment(payment, context);
      // Deleted first so the map stays in expiry order for the pruning above.
      remembered.delete(key);
      remembered.set(key, { until: time + ttlMs, checkout });
      checkout.catch(() => forget(key, checkout));
      return checkout;
    },
  };
}
