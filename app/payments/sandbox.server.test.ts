import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Every gateway call writes one log line; keep them so tests can check what was written.
const logged = vi.hoisted(() => [] as { level: string; event: string; fields: Record<string, unknown> }[]);
vi.mock("../infra/log.server.ts", () => ({
  log: (level: string, event: string, fields: Record<string, unknown> = {}) => {
    logged.push({ level, event, fields });
  },
  errorFields: (error: unknown) => ({ error: String(error) }),
}));

import { PaymentError } from "./gateway.ts";
import type { NewPayment } from "./gateway.ts";
import type { GatewayTransport } from "./http.server.ts";
import { createSandboxGateway } from "./sandbox.server.ts";
import { startStub } from "./testing.ts";
import type { Stub, StubReply, StubRequest } from "./testing.ts";

// Generous, because a loaded test machine can be slow; the hanging tests pass a short one.
const TIMEOUT_MS = 10_000;
const HANG_TIMEOUT_MS = 1_000;
const EMBEDDED_BASE = "http://sandbox.invalid";

const payment: NewPayment = {
  reference: "FUND-1717171717-cd34",
  amountKobo: 250_000,
  description: "Wallet Funding",
  customer: { email: "ada@example.ng", name: "Ada Obi", phone: "08031234567" },
  returnUrl: "http://localhost:3000/fund-wallet/card/return",
};

type Stored = { amount: number | string; currency: string; status: string };

/**
 * The sandbox gateway's API as the sandbox serves it: payments are created pending and a
 * test settles them by editing `payments`, as the checkout page's pay and cancel buttons do.
 */
function sandboxGateway(checkoutOrigin: () => string) {
  const payments = new Map<string, Stored>();
  const answer = (request: StubRequest): StubReply => {
    if (request.method === "POST" && request.path === "/gateway/v1/payments") {
      const body = request.body;
      if (typeof body !== "object" || body === null) return { status: 400, json: { error: "expected JSON" } };
      const reference = String(Reflect.get(body, "reference"));
      if (payments.has(reference)) return { status: 409, json: { error: "reference already used" } };
      payments.set(reference, { amount: Number(Reflect.get(body, "amount")), currency: "NGN", status: "pending" });
      const checkoutPath = `/gateway/checkout/${encodeURIComponent(reference)}`;
      return {
        status: 200,
        json: { reference, checkout_path: checkoutPath, checkout_url: `${checkoutOrigin()}${checkoutPath}` },
      };
    }
    const match = /^\/gateway\/v1\/payments\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && match?.[1] !== undefined) {
      const reference = decodeURIComponent(match[1]);
      const stored = payments.get(reference);
      if (stored === undefined) return { status: 404, json: { error: "unknown payment" } };
      return { status: 200, json: { reference, ...stored, customer_email: payment.customer.email, paid_at: null } };
    }
    return { status: 404, json: { error: "no such path" } };
  };
  return { payments, answer };
}

/** The embedded sandbox's seam: a function from Request to Response, with no socket. */
function inProcess(answer: (request: StubRequest) => StubReply): { transport: GatewayTransport; seen: StubRequest[] } {
  const seen: StubRequest[] = [];
  const transport: GatewayTransport = async (request) => {
    const url = new URL(request.url);
    const raw = await request.text();
    const stubRequest: StubRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(request.headers),
      body: raw === "" ? undefined : JSON.parse(raw),
    };
    seen.push(stubRequest);
    const reply = answer(stubRequest);
    // The in-process handler ignores abort signals; a hang must still end in a timeout.
    if (reply === "hang") return new Promise<Response>(() => {});
    const body = "json" in reply ? JSON.stringify(reply.json) : reply.text;
    return new Response(body, { status: reply.status, headers: { "Content-Type": "application/json" } });
  };
  return { transport, seen };
}

let stub: Stub | undefined;

beforeEach(() => {
  logged.length = 0;
});

afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function failure(promise: Promise<unknown>): Promise<PaymentError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentError);
  if (error instanceof PaymentError) return error;
  throw new Error("unreachable: the expectation above failed");
}

describe("sandbox gateway, embedded", () => {
  function embedded(timeoutMs = TIMEOUT_MS) {
    const fake = sandboxGateway(() => "http://localhost:3000/sandbox");
    const { transport, seen } = inProcess(fake.answer);
    const gateway = createSandboxGateway({
      target: () => ({ transport, baseUrl: EMBEDDED_BASE }),
      remoteOrigin: null,
      timeoutMs,
    });
    return { gateway, seen, payments: fake.payments };
  }

  it("creates the payment in naira and sends the browser to the checkout the portal serves under /sandbox", async () => {
    const { gateway, seen } = embedded();
    expect(gateway.origins).toEqual([]);
    const { redirectUrl } = await gateway.createPayment(payment);

    expect(redirectUrl).toBe(`/sandbox/gateway/checkout/${payment.reference}`);
    expect(seen[0]?.body).toEqual({
      reference: payment.reference,
      amount: 2500,
      currency: "NGN",
      description: "Wallet Funding",
      customer: payment.customer,
      return_url: payment.returnUrl,
    });
  });

  it("reads the reference from the return URL and believes only the sandbox's record", async () => {
    const { gateway, payments } = embedded();
    await gateway.createPayment(payment);
    const lying = new URLSearchParams({ reference: payment.reference, status: "paid", amount: "2500" });
    expect((await gateway.checkReturn(lying)).status).toBe("pending");

    payments.set(payment.reference, { amount: 2500, currency: "NGN", status: "paid" });
    expect(await gateway.checkReturn(lying)).toEqual({
      status: "paid",
      reference: payment.reference,
      amountKobo: 250_000,
      currency: "NGN",
      gatewayReference: payment.reference,
    });

    payments.set(payment.reference, { amount: 2500, currency: "NGN", status: "cancelled" });
    expect((await gateway.checkReturn(lying)).status).toBe("failed");
  });

  it("reports the sandbox's amount when it differs from what was asked", async () => {
    const { gateway, payments } = embedded();
    await gateway.createPayment(payment);
    payments.set(payment.reference, { amount: "25.00", currency: "NGN", status: "paid" });
    const checked = await gateway.checkReturn(new URLSearchParams({ reference: payment.reference, amount: "2500" }));
    expect(checked).toMatchObject({ status: "paid", amountKobo: 2_500 });
  });

  it("says refused for an unknown reference and for a return URL without one", async () => {
    const { gateway, seen } = embedded();
    expect((await failure(gateway.checkReturn(new URLSearchParams({ reference: "NOT-OURS" })))).kind).toBe("refused");
    expect((await failure(gateway.checkReturn(new URLSearchParams({ status: "paid" })))).kind).toBe("refused");
    expect(seen).toHaveLength(1);
  });

  it("says refused when the reference is already used", async () => {
    const { gateway } = embedded();
    await gateway.createPayment(payment);
    expect((await failure(gateway.createPayment(payment))).kind).toBe("refused");
  });

  it("times out even though the in-process handler ignores the abort signal", async () => {
    const { transport } = inProcess(() => "hang");
    const gateway = createSandboxGateway({
      target: () => ({ transport, baseUrl: EMBEDDED_BASE }),
      remoteOrigin: null,
      timeoutMs: HANG_TIMEOUT_MS,
    });
    expect((await failure(gateway.createPayment(payment))).kind).toBe("timeout");
    expect((await failure(gateway.checkReturn(new URLSearchParams({ reference: payment.reference })))).kind).toBe(
      "timeout",
    );
  });

  it("refuses a checkout path outside the sandbox's checkout pages", async () => {
    const { transport } = inProcess(() => ({
      status: 200,
      json: {
        reference: payment.reference,
        checkout_path: "//evil.example/pay",
        checkout_url: "https://evil.example/pay",
      },
    }));
    const gateway = createSandboxGateway({
      target: () => ({ transport, baseUrl: EMBEDDED_BASE }),
      remoteOrigin: null,
      timeoutMs: TIMEOUT_MS,
    });
    expect((await failure(gateway.createPayment(payment))).kind).toBe("bad-response");
  });
});

describe("sandbox gateway, over HTTP (npm run sandbox)", () => {
  async function remote(checkoutOrigin?: string) {
    const fake = sandboxGateway(() => checkoutOrigin ?? (stub === undefined ? "" : stub.baseUrl));
    stub = await startStub(fake.answer);
    const origin = new URL(stub.baseUrl).origin;
    const base = stub.baseUrl;
    const gateway = createSandboxGateway({
      target: () => ({ transport: (request) => fetch(request), baseUrl: base }),
      remoteOrigin: origin,
      timeoutMs: TIMEOUT_MS,
    });
    return { gateway, origin, payments: fake.payments };
  }

  it("sends the browser to the sandbox's own checkout_url, whose origin the CSP allows", async () => {
    const { gateway, origin, payments } = await remote();
    expect(gateway.origins).toEqual([origin]);
    const { redirectUrl } = await gateway.createPayment(payment);
    expect(redirectUrl).toBe(`${origin}/gateway/checkout/${payment.reference}`);

    payments.set(payment.reference, { amount: 2500, currency: "NGN", status: "paid" });
    expect((await gateway.checkReturn(new URLSearchParams({ reference: payment.reference }))).status).toBe("paid");
  });

  it("refuses a checkout_url on another origin than UPSTREAM_URL's", async () => {
    const { gateway } = await remote("http://localhost:1");
    expect((await failure(gateway.createPayment(payment))).kind).toBe("bad-response");
  });

  it("says unreachable when the sandbox is not running", async () => {
    const { gateway } = await remote();
    await stub?.close();
    stub = undefined;
    expect((await failure(gateway.createPayment(payment))).kind).toBe("unreachable");
  });

  it("logs one line per call without customer details", async () => {
    const { gateway } = await remote();
    await gateway.createPayment(payment, { requestId: "req-sbx" });
    await gateway.checkReturn(new URLSearchParams({ reference: payment.reference }), { requestId: "req-sbx" });
    expect(
      logged.map((line) => [line.fields.gateway, line.fields.operation, line.fields.outcome, line.fields.requestId]),
    ).toEqual([
      ["sandbox", "create", "ok", "req-sbx"],
      ["sandbox", "verify", "ok", "req-sbx"],
    ]);
    expect(JSON.stringify(logged)).not.toContain(payment.customer.email);
  });
});
