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
import type { NewPayment, PaymentErrorKind } from "./gateway.ts";
import { createMonnifyGateway, monnifyCheckoutOrigins } from "./monnify.server.ts";
import { basicCredentials, startStub } from "./testing.ts";
import type { Stub, StubReply, StubRequest } from "./testing.ts";

const API_KEY = "MK_TEST_STUBKEY01";
const SECRET_KEY = "stub-secret-key-do-not-log";
const CONTRACT_CODE = "4934121686";
const ACCESS_TOKEN = "stub-access-token-do-not-log";
// Generous, because a loaded test machine can be slow; the hanging tests pass a short one.
const TIMEOUT_MS = 10_000;
const HANG_TIMEOUT_MS = 1_000;

const payment: NewPayment = {
  reference: "FUND-1717171717-ab12",
  amountKobo: 150_050,
  description: "Wallet Funding",
  customer: { email: "ada@example.ng", name: "Ada Obi", phone: "08031234567" },
  returnUrl: "https://portal.example.ng/fund-wallet/card/return",
};

type Transaction = {
  paymentStatus: string;
  amountPaid: number | string;
  totalPayable: number | string;
  currencyCode: string;
};

const paidInFull: Transaction = {
  paymentStatus: "PAID",
  amountPaid: "1500.50",
  totalPayable: "1500.50",
  currencyCode: "NGN",
};

/** Monnify's API as the adapter calls it; each route's answer can be replaced per test. */
function monnify(
  overrides: {
    login?: (request: StubRequest) => StubReply;
    init?: (request: StubRequest) => StubReply;
    transaction?: Transaction | "hang";
  } = {},
) {
  return (request: StubRequest): StubReply => {
    if (request.method === "POST" && request.path === "/api/v1/auth/login") {
      if (overrides.login) return overrides.login(request);
      if (request.headers.authorization !== basicCredentials(API_KEY, SECRET_KEY)) {
        return { status: 401, json: { requestSuccessful: false, responseMessage: "Invalid credentials" } };
      }
      return {
        status: 200,
        json: { requestSuccessful: true, responseBody: { accessToken: ACCESS_TOKEN, expiresIn: 3599 } },
      };
    }
    if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
      return { status: 401, json: { requestSuccessful: false, responseMessage: "Full authentication is required" } };
    }
    if (request.method === "POST" && request.path === "/api/v1/merchant/transactions/init-transaction") {
      if (overrides.init) return overrides.init(request);
      return {
        status: 200,
        json: {
          requestSuccessful: true,
          responseMessage: "success",
          responseBody: {
            transactionReference: "MNFY|20240601|000123",
            paymentReference: payment.reference,
            checkoutUrl: `${baseUrl()}/checkout/MNFY|20240601|000123`,
          },
        },
      };
    }
    if (request.method === "GET" && request.path === "/api/v1/merchant/transactions/query") {
      const transaction = overrides.transaction ?? paidInFull;
      if (transaction === "hang") return "hang";
      const reference = request.query.get("paymentReference");
      if (reference !== payment.reference) {
        return { status: 404, json: { requestSuccessful: false, responseMessage: "Could not find transaction" } };
      }
      return {
        status: 200,
        json: {
          requestSuccessful: true,
          responseBody: { ...transaction, paymentReference: reference, transactionReference: "MNFY|20240601|000123" },
        },
      };
    }
    return { status: 404, json: { requestSuccessful: false, responseMessage: "No such path" } };
  };
}

let stub: Stub | undefined;
let clock = 1_717_171_717_000;

function baseUrl(): string {
  if (stub === undefined) throw new Error("no stub is running");
  return stub.baseUrl;
}

function received(): StubRequest[] {
  return stub?.requests ?? [];
}

async function gatewayFor(answer: (request: StubRequest) => StubReply, timeoutMs = TIMEOUT_MS) {
  stub = await startStub(answer);
  return createMonnifyGateway({
    baseUrl: stub.baseUrl,
    apiKey: API_KEY,
    secretKey: SECRET_KEY,
    contractCode: CONTRACT_CODE,
    timeoutMs,
    now: () => clock,
  });
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

function returnQuery(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

beforeEach(() => {
  logged.length = 0;
  clock = 1_717_171_717_000;
});

afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe("Monnify createPayment", () => {
  it("logs in with the key pair and initialises a card transaction in naira", async () => {
    const gateway = await gatewayFor(monnify());
    const { redirectUrl } = await gateway.createPayment(payment, { requestId: "req-1" });

    expect(redirectUrl).toBe(`${baseUrl()}/checkout/MNFY|20240601|000123`);
    expect(received().map((request) => request.path)).toEqual([
      "/api/v1/auth/login",
      "/api/v1/merchant/transactions/init-transaction",
    ]);
    expect(received()[1]?.body).toEqual({
      amount: 1500.5,
      customerName: "Ada Obi",
      customerEmail: "ada@example.ng",
      paymentReference: payment.reference,
      paymentDescription: "Wallet Funding",
      currencyCode: "NGN",
      contractCode: CONTRACT_CODE,
      redirectUrl: payment.returnUrl,
      paymentMethods: ["CARD"],
    });
  });

  it("reuses the token until shortly before it expires", async () => {
    const gateway = await gatewayFor(monnify());
    await gateway.createPayment(payment);
    clock += 3_000_000;
    await gateway.createPayment(payment);
    expect(received().filter((request) => request.path === "/api/v1/auth/login")).toHaveLength(1);

    clock += 580_000;
    await gateway.createPayment(payment);
    expect(received().filter((request) => request.path === "/api/v1/auth/login")).toHaveLength(2);
  });

  it("shares one login between payments started together", async () => {
    const gateway = await gatewayFor(monnify());
    await Promise.all([gateway.createPayment(payment), gateway.createPayment(payment), gateway.createPayment(payment)]);
    expect(received().filter((request) => request.path === "/api/v1/auth/login")).toHaveLength(1);
  });

  it("logs in again once when Monnify drops a token early", async () => {
    let logins = 0;
    const gateway = await gatewayFor(
      monnify({
        login: () => {
          logins += 1;
          const accessToken = logins === 1 ? "revoked-token" : ACCESS_TOKEN;
          return { status: 200, json: { requestSuccessful: true, responseBody: { accessToken, expiresIn: 3599 } } };
        },
      }),
    );
    await expect(gateway.createPayment(payment)).resolves.toMatchObject({
      redirectUrl: expect.stringContaining("/checkout/"),
    });
    expect(logins).toBe(2);
  });

  it.each<[string, (request: StubRequest) => StubReply, PaymentErrorKind]>([
    [
      "a refused init",
      () => ({ status: 400, json: { requestSuccessful: false, responseMessage: "Duplicate payment reference" } }),
      "refused",
    ],
    [
      "an unsuccessful 200",
      () => ({ status: 200, json: { requestSuccessful: false, responseMessage: "Contract not found" } }),
      "refused",
    ],
    ["a 502 from a proxy", () => ({ status: 502, text: "<html>Bad gateway</html>" }), "bad-response"],
    ["an HTML page", () => ({ status: 200, text: "<html>maintenance</html>" }), "bad-response"],
    [
      "a checkout on a foreign host",
      () => ({
        status: 200,
        json: {
          requestSuccessful: true,
          responseBody: {
            transactionReference: "MNFY|1",
            paymentReference: payment.reference,
            checkoutUrl: "https://evil.example/pay",
          },
        },
      }),
      "bad-response",
    ],
    [
      "an answer about another payment",
      () => ({
        status: 200,
        json: {
          requestSuccessful: true,
          responseBody: {
            transactionReference: "MNFY|1",
            paymentReference: "SOMEONE-ELSE",
            checkoutUrl: `${baseUrl()}/checkout/x`,
          },
        },
      }),
      "bad-response",
    ],
  ])("maps %s to %s", async (_case, init, kind) => {
    const gateway = await gatewayFor(monnify({ init }));
    expect((await failure(gateway.createPayment(payment))).kind).toBe(kind);
  });

  it("says refused when the key pair is wrong", async () => {
    const gateway = await gatewayFor(
      monnify({
        login: () => ({ status: 401, json: { requestSuccessful: false, responseMessage: "Invalid credentials" } }),
      }),
    );
    const error = await failure(gateway.createPayment(payment));
    expect(error).toMatchObject({ kind: "refused", status: 401 });
    expect(received()).toHaveLength(1);
  });

  it("gives up with a timeout when Monnify never answers", async () => {
    const gateway = await gatewayFor(monnify({ init: () => "hang" }), HANG_TIMEOUT_MS);
    expect((await failure(gateway.createPayment(payment))).kind).toBe("timeout");
    expect(logged.at(-1)?.fields).toMatchObject({ operation: "create", outcome: "timeout" });
  });

  it("says unreachable when nothing listens", async () => {
    const gateway = await gatewayFor(monnify());
    await stub?.close();
    stub = undefined;
    expect((await failure(gateway.createPayment(payment))).kind).toBe("unreachable");
  });

  it("refuses an amount that is not a positive whole number of kobo before calling", async () => {
    const gateway = await gatewayFor(monnify());
    await expect(gateway.createPayment({ ...payment, amountKobo: 10.5 })).rejects.toThrow(RangeError);
  });
});

describe("Monnify checkReturn", () => {
  it("asks Monnify by paymentReference and reports a payment in full as paid", async () => {
    const gateway = await gatewayFor(monnify());
    const checked = await gateway.checkReturn(returnQuery({ paymentReference: payment.reference }));
    expect(checked).toEqual({
      status: "paid",
      reference: payment.reference,
      amountKobo: 150_050,
      currency: "NGN",
      gatewayReference: "MNFY|20240601|000123",
    });
    expect(received().at(-1)?.query.get("paymentReference")).toBe(payment.reference);
  });

  it("reports the amount Monnify took, not the one the return URL claims", async () => {
    const gateway = await gatewayFor(monnify({ transaction: { ...paidInFull, amountPaid: 100, totalPayable: 100 } }));
    const checked = await gateway.checkReturn(
      returnQuery({ paymentReference: payment.reference, amountPaid: "1500.50" }),
    );
    expect(checked.status).toBe("paid");
    expect(checked.amountKobo).toBe(10_000);
  });

  it.each<[string, Transaction, "paid" | "pending" | "failed"]>([
    ["FAILED", { ...paidInFull, paymentStatus: "FAILED", amountPaid: "0.00" }, "failed"],
    ["EXPIRED", { ...paidInFull, paymentStatus: "EXPIRED", amountPaid: "0.00" }, "failed"],
    ["PARTIALLY_PAID", { ...paidInFull, paymentStatus: "PARTIALLY_PAID", amountPaid: "100.00" }, "failed"],
    ["PENDING", { ...paidInFull, paymentStatus: "PENDING", amountPaid: "0.00" }, "pending"],
    ["PAID in another currency", { ...paidInFull, currencyCode: "USD" }, "failed"],
  ])("reads %s as %s", async (_case, transaction, status) => {
    const gateway = await gatewayFor(monnify({ transaction }));
    const checked = await gateway.checkReturn(returnQuery({ paymentReference: payment.reference }));
    expect(checked.status).toBe(status);
  });

  it("believes Monnify over a return URL that says paid", async () => {
    const gateway = await gatewayFor(
      monnify({ transaction: { ...paidInFull, paymentStatus: "FAILED", amountPaid: "0.00" } }),
    );
    const checked = await gateway.checkReturn(
      returnQuery({ paymentReference: payment.reference, paymentStatus: "PAID" }),
    );
    expect(checked.status).toBe("failed");
  });

  it("refuses a return URL that names no payment, without calling Monnify", async () => {
    const gateway = await gatewayFor(monnify());
    expect((await failure(gateway.checkReturn(returnQuery({ paymentStatus: "PAID" })))).kind).toBe("refused");
    expect(received()).toHaveLength(0);
  });

  it("says refused for a reference Monnify does not know", async () => {
    const gateway = await gatewayFor(monnify());
    expect((await failure(gateway.checkReturn(returnQuery({ paymentReference: "NOT-OURS" })))).kind).toBe("refused");
  });

  it("gives up with a timeout when the query never answers", async () => {
    const gateway = await gatewayFor(monnify({ transaction: "hang" }), HANG_TIMEOUT_MS);
    expect((await failure(gateway.checkReturn(returnQuery({ paymentReference: payment.reference })))).kind).toBe(
      "timeout",
    );
    expect(logged.at(-1)?.fields).toMatchObject({ operation: "verify", outcome: "timeout" });
  });
});

describe("Monnify logging and hosts", () => {
  it("writes one line per call with no key, token or customer detail", async () => {
    const gateway = await gatewayFor(monnify());
    await gateway.createPayment(payment, { requestId: "req-log" });
    await gateway.checkReturn(returnQuery({ paymentReference: payment.reference }), { requestId: "req-log" });

    expect(logged.map((line) => line.fields.operation)).toEqual(["login", "create", "verify"]);
    expect(logged.every((line) => line.event === "gateway.call" && line.fields.requestId === "req-log")).toBe(true);
    const text = JSON.stringify(logged);
    for (const secret of [
      API_KEY,
      SECRET_KEY,
      ACCESS_TOKEN,
      basicCredentials(API_KEY, SECRET_KEY),
      payment.customer.email,
      CONTRACT_CODE,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps its keys out of anything serialised", async () => {
    const gateway = await gatewayFor(monnify());
    expect(JSON.stringify(gateway)).not.toContain(SECRET_KEY);
  });

  it.each([
    ["https://sandbox.monnify.com", ["https://sandbox.sdk.monnify.com"]],
    ["https://api.monnify.com", ["https://checkout.monnify.com", "https://sdk.monnify.com"]],
    ["http://127.0.0.1:4020", ["http://127.0.0.1:4020"]],
  ])("sends the browser from %s to %o", (apiBase, origins) => {
    expect(monnifyCheckoutOrigins(apiBase)).toEqual(origins);
  });
});
