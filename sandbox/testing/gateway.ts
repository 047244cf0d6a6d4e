import { type Answer, type TestSandbox, testPortalOrigin } from "./sandbox.ts";
import { type Buyer } from "./wallet.ts";

// The sandbox card gateway, driven as a browser and the portal drive it.
// Shared by the sandbox's own tests; not a test file itself, so Vitest does not run it.

// A valid call to the sandbox gateway's POST /gateway/v1/payments, for a test to vary.
export function gatewayPaymentBody(reference: string, amount: number | string, email: string): Record<string, unknown> {
  return {
    reference,
    amount,
    currency: "NGN",
    description: "Wallet Funding",
    customer: { email, name: "Ifeoma Nnamdi", phone: "08123456789" },
    return_url: `${testPortalOrigin}/dashboard/fund-wallet/return?method=card`,
  };
}

export async function startGatewayPayment(test: TestSandbox, body: Record<string, unknown>): Promise<Answer> {
  return test.call("POST", "/gateway/v1/payments", { body });
}

// The tester's press of Pay or Cancel on the checkout page: a form post, as a browser sends it.
export function decideGatewayPayment(test: TestSandbox, reference: string, decision: string): Promise<Response> {
  return test.sandbox.handle(
    new Request(`http://sandbox.test/gateway/checkout/${encodeURIComponent(reference)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision }).toString(),
      redirect: "manual",
    }),
  );
}

export async function checkoutPageOf(
  test: TestSandbox,
  reference: string,
): Promise<{ status: number; html: string; type: string }> {
  const response = await test.sandbox.handle(
    new Request(`http://sandbox.test/gateway/checkout/${encodeURIComponent(reference)}`),
  );
  return { status: response.status, html: await response.text(), type: response.headers.get("content-type") ?? "" };
}

// A paid gateway payment made with the buyer's e-mail, ready for call 42.
export async function paidCardPayment(
  test: TestSandbox,
  buyer: Buyer,
  reference: string,
  amount: number | string,
): Promise<void> {
  const started = await startGatewayPayment(test, gatewayPaymentBody(reference, amount, buyer.email));
  if (started.status !== 200) {
    throw new Error(`The gateway refused the payment: ${JSON.stringify(started.body)}`);
  }
  const decided = await decideGatewayPayment(test, reference, "pay");
  if (decided.status !== 303) {
    throw new Error(`Paying answered ${decided.status}.`);
  }
}
