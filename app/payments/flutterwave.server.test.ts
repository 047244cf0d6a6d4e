import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Every gateway call writes one log line; keep them so tests can check what was written.
const logged = vi.hoisted(() => [] as { level: string; event: string; fields: Record<string, unknown> }[]);
vi.mock("../infra/log.server.ts", () => ({
  log: (level: string, event: string, fields: Record<string, unknown> = {}) => {
    logged.push({ level, event, fields });
  },
  errorFields: (error: unknown) => ({ error: String(error) }),
}));

import { createFlutterwaveGateway, flutterwaveCheckoutOrigins } from "./flutterwave.server.ts";
import { PaymentError } from "./gateway.ts";
import type { NewPayment, PaymentErrorKind } from "./gateway.ts";
import { startStub } from "./testing.ts";
import type { Stub, StubReply, StubRequest } from "./testing.ts";

const SECRET_KEY = "FLWSECK_TEST-stubsecretdonotlog-X";
// Generous, because a loaded test machine can be slow; the hanging tests pass a short one.
const TIMEOUT_MS = 10_000;
const HANG_TIMEOUT_MS = 1_000;
const TRANSACTION_ID = "4975363";

const payment: NewPayment = {
  reference: "TRX-20240601-0042",
  amountKobo: 101_500,
  description: "MTN airtime for 08031234567",
  customer: { email: "ada@example.ng", name: "Ada Obi", phone: "08031234567" },
  returnUrl: "https://portal.example.ng/airtime/card/return",
};

type Transaction = { status: string; amount: number | string; currency: string };

const successful: Transaction = { status: "successful", amount: 1015, currency: "NGN" };

/** Flutterwave's API as the adapter calls it; each route's answer can be replaced per test. */
function flutterwave(
  overrides: {
    create?: (request: StubRequest) => StubReply;
    transaction?: Transaction | "hang";
    byReference?: Transaction | "unknown";
  } = {},
) {
  return (request: StubRequest): StubReply => {
    if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      return { status: 401, json: { status: "error", message: "Invalid authorization key", data: null } };
    }
    if (request.method === "POST" && request.path === "/v3/payments") {
      if (overrides.create) return overrides.create(request);
      return {
        status: 200,
        json: { status: "success", message: "Hosted Link", data: { link: `${baseUrl()}/v3/hosted/pay/abc123` } },
      };
    }
    if (request.method === "GET" && request.path === `/v3/transactions/${TRANSACTION_ID}/verify`) {
      const transaction = overrides.transaction ?? successful;
      if (transaction === "hang") return "hang";
      return verified(transaction);
    }
    if (request.method === "GET" && request.path === "/v3/transactions/verify_by_reference") {
      const transaction = overrides.byReference ?? "unknown";
      if (transaction === "unknown" || request.query.get("tx_ref") !== payment.reference) {
        return { status: 400, json: { status: "error", message: "No transaction was found for this id", data: null } };
      }
      return verified(transaction);
    }
    return { status: 404, json: { status: "error", message: "No such path", data: null } };
  };
}

function verified(transaction: Transaction): StubReply {
  return {
    status: 200,
    json: {
      status: "success",
      message: "Transaction fetched successfully",
      data: {
        id: Number(TRANSACTION_ID),
        tx_ref: payment.reference,
        flw_ref: "FLW-MOCK-1",
        charged_amount: transaction.amount,
        ...transaction,
      },
    },
  };
}

let stub: Stub | undefined;

function baseUrl(): string {
  if (stub === undefined) throw new Error("no stub is running");
  return stub.baseUrl;
}

function received(): StubRequest[] {
  return stub?.requests ?? [];
}

async function gatewayFor(answer: (request: StubRequest) => StubReply, timeoutMs = TIMEOUT_MS) {
  stub = await startStub(answer);
  return createFlutterwaveGateway({ baseUrl: stub.baseUrl, secretKey: SECRET_KEY, timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<PaymentError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentError);
  if (error instanceof PaymentError) return error;
  throw new Error("unreachable: the expectation above failed");
}

/** What Flutterwave appends to redirect_url after a completed checkout. */
function completed(status = "successful"): URLSearchParams {
  return new URLSearchParams({ status, tx_ref: payment.reference, transaction_id: TRANSACTION_ID });
}

beforeEach(() => {
  logged.length = 0;
});

afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe("Flutterwave createPayment", () => {
  it("asks for a payment link with the order's reference, in naira, for the four payment options", async () => {
    const gateway = await gatewayFor(flutterwave());
    const { redirectUrl } = await gateway.createPayment(payment);

    expect(redirectUrl).toBe(`${baseUrl()}/v3/hosted/pay/abc123`);
    expect(received()[0]?.body).toEqual({
      tx_ref: payment.reference,
      amount: 1015,
      currency: "NGN",
      redirect_url: payment.returnUrl,
      customer: { email: "ada@example.ng", phonenumber: "08031234567", name: "Ada Obi" },
      customizations: { title: "MTN airtime for 08031234567" },
      payment_options: "card,banktransfer,account,ussd",
    });
  });

  it.each<[string, (request: StubRequest) => StubReply, PaymentErrorKind]>([
    [
      "a refusal",
      () => ({ status: 400, json: { status: "error", message: "Invalid currency", data: null } }),
      "refused",
    ],
    ["a 503", () => ({ status: 503, text: "Service Unavailable" }), "bad-response"],
    ["an answer without a link", () => ({ status: 200, json: { status: "success", data: {} } }), "bad-response"],
    [
      "a link to a foreign host",
      () => ({ status: 200, json: { status: "success", data: { link: "https://evil.example/pay" } } }),
      "bad-response",
    ],
  ])("maps %s to %s", async (_case, create, kind) => {
    const gateway = await gatewayFor(flutterwave({ create }));
    expect((await failure(gateway.createPayment(payment))).kind).toBe(kind);
  });

  it("says refused when the secret key is wrong", async () => {
    stub = await startStub(flutterwave());
    const gateway = createFlutterwaveGateway({
      baseUrl: stub.baseUrl,
      secretKey: "FLWSECK_TEST-wrong-X",
      timeoutMs: TIMEOUT_MS,
    });
    expect(await failure(gateway.createPayment(payment))).toMatchObject({ kind: "refused", status: 401 });
  });

  it("gives up with a timeout when Flutterwave never answers", async () => {
    const gateway = await gatewayFor(flutterwave({ create: () => "hang" }), HANG_TIMEOUT_MS);
    expect((await failure(gateway.createPayment(payment))).kind).toBe("timeout");
  });
});

describe("Flutterwave checkReturn", () => {
  it("verifies by transaction_id and reports a successful naira payment as paid", async () => {
    const gateway = await gatewayFor(flutterwave());
    expect(await gateway.checkReturn(completed())).toEqual({
      status: "paid",
      reference: payment.reference,
      amountKobo: 101_500,
      currency: "NGN",
      gatewayReference: TRANSACTION_ID,
    });
    expect(received().map((request) => request.path)).toEqual([`/v3/transactions/${TRANSACTION_ID}/verify`]);
  });

  it("reports the amount Flutterwave took, not the one the return URL claims", async () => {
    const gateway = await gatewayFor(flutterwave({ transaction: { ...successful, amount: 50 } }));
    const query = completed();
    query.set("amount", "1015");
    const checked = await gateway.checkReturn(query);
    expect(checked.status).toBe("paid");
    expect(checked.amountKobo).toBe(5_000);
  });

  it.each<[string, Transaction, "paid" | "pending" | "failed"]>([
    ["failed", { ...successful, status: "failed" }, "failed"],
    ["pending", { ...successful, status: "pending" }, "pending"],
    ["successful in dollars", { ...successful, currency: "USD" }, "failed"],
    ["an amount as text", { ...successful, amount: "1015.00" }, "paid"],
  ])("reads %s as %s", async (_case, transaction, status) => {
    const gateway = await gatewayFor(flutterwave({ transaction }));
    expect((await gateway.checkReturn(completed())).status).toBe(status);
  });

  it("believes Flutterwave over a return URL that says successful", async () => {
    const gateway = await gatewayFor(flutterwave({ transaction: { ...successful, status: "failed" } }));
    expect((await gateway.checkReturn(completed("successful"))).status).toBe("failed");
  });

  it("asks by tx_ref when a cancelled checkout sends no transaction_id, and reads no transaction as unpaid", async () => {
    const gateway = await gatewayFor(flutterwave());
    const checked = await gateway.checkReturn(new URLSearchParams({ status: "cancelled", tx_ref: payment.reference }));
    expect(checked).toMatchObject({ status: "failed", reference: payment.reference, amountKobo: 0 });
    expect(received()[0]?.query.get("tx_ref")).toBe(payment.reference);
  });

  it("still finds a payment by tx_ref when the return URL lost its transaction_id", async () => {
    const gateway = await gatewayFor(flutterwave({ byReference: successful }));
    const checked = await gateway.checkReturn(new URLSearchParams({ status: "cancelled", tx_ref: payment.reference }));
    expect(checked.status).toBe("paid");
  });

  it.each([
    ["no ids at all", { status: "successful" }],
    [
      "a transaction_id that is a path",
      { status: "successful", tx_ref: payment.reference, transaction_id: "../../v3/transfers" },
    ],
  ])("refuses a return URL with %s, without calling Flutterwave", async (_case, fields) => {
    const gateway = await gatewayFor(flutterwave());
    expect((await failure(gateway.checkReturn(new URLSearchParams(fields)))).kind).toBe("refused");
    expect(received()).toHaveLength(0);
  });

  it("says refused when Flutterwave does not know the transaction_id", async () => {
    const gateway = await gatewayFor(flutterwave());
    const query = completed();
    query.set("transaction_id", "1");
    expect((await failure(gateway.checkReturn(query))).kind).toBe("refused");
  });

  it("gives up with a timeout when the verify never answers", async () => {
    const gateway = await gatewayFor(flutterwave({ transaction: "hang" }), HANG_TIMEOUT_MS);
    expect((await failure(gateway.checkReturn(completed()))).kind).toBe("timeout");
  });
});

describe("Flutterwave logging and hosts", () => {
  it("writes one line per call with no secret key or customer detail", async () => {
    const gateway = await gatewayFor(flutterwave());
    await gateway.createPayment(payment, { requestId: "req-log" });
    await gateway.checkReturn(completed(), { requestId: "req-log" });

    expect(logged.map((line) => [line.event, line.fields.operation, line.fields.outcome])).toEqual([
      ["gateway.call", "create", "ok"],
      ["gateway.call", "verify", "ok"],
    ]);
    const text = JSON.stringify(logged);
    for (const secret of [SECRET_KEY, payment.customer.email, payment.customer.phone])
      expect(text).not.toContain(secret);
  });

  it.each([
    ["https://api.flutterwave.com", ["https://checkout.flutterwave.com", "https://checkout-testing.flutterwave.com"]],
    ["http://127.0.0.1:4030", ["http://127.0.0.1:4030"]],
  ])("sends the browser from %s to %o", (apiBase, origins) => {
    expect(flutterwaveCheckoutOrigins(apiBase)).toEqual(origins);
  });
});
