// Calls 20, 24 and 41 to 44 of docs/upstream-api.md, and the sandbox gateway they lean on, on the
// wire: the sandbox upstream served over HTTP, read as raw JSON and HTML, so the portal's
// gateway adapter and upstream client can rely on exactly these keys, envelopes and redirects.
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { mtn1gbPlan } from "../../sandbox/testing/wallet.ts";
import { record, serveSandbox } from "./wire.ts";

const email = "agent@payvend.test";
const returnUrl = "https://portal.test/dashboard/fund-wallet/card-return?from=checkout";

const sandbox = serveSandbox({ folderPrefix: "contract-funding-", login: { email, password: "Demo-pass-2026" } });
const { call } = sandbox;

function expectEnvelope(body: unknown, status: number, message?: string): void {
  const envelope = record(body);
  expect(Object.keys(envelope).sort()).toEqual(["message", "status"]);
  expect(envelope["status"]).toBe(status);
  if (message !== undefined) {
    expect(envelope["message"]).toBe(message);
  }
}

function payment(reference: string, amount: number): Record<string, unknown> {
  return {
    reference,
    amount,
    currency: "NGN",
    description: "Wallet Funding",
    customer: { email, name: "Aisha Bello", phone: "08020000002" },
    return_url: returnUrl,
  };
}

// The tester's button press, as a browser posts the form.
function decide(reference: string, decision: "pay" | "cancel"): Promise<Response> {
  return fetch(`${sandbox.url}/gateway/checkout/${reference}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `decision=${decision}`,
    redirect: "manual",
  });
}

describe("the sandbox gateway", () => {
  it("opens a payment, answering the checkout page on the origin the caller used", async () => {
    const { response, body } = await call("POST", "/gateway/v1/payments", {
      body: payment("WIRE-FUND-1", 1000),
      auth: false,
    });
    expect(response.status).toBe(200);
    expect(body).toEqual({
      reference: "WIRE-FUND-1",
      checkout_path: "/gateway/checkout/WIRE-FUND-1",
      checkout_url: `${sandbox.url}/gateway/checkout/WIRE-FUND-1`,
    });
  });

  it("builds checkout_url on the Host the caller sent, so UPSTREAM_URL=http://localhost:… gets localhost", async () => {
    const { port } = new URL(sandbox.url);
    const text = await new Promise<string>((resolve, reject) => {
      const outgoing = request(
        {
          hostname: "127.0.0.1",
          port,
          path: "/gateway/v1/payments",
          method: "POST",
          headers: { Host: `localhost:${port}`, "Content-Type": "application/json" },
        },
        (incoming) => {
          let received = "";
          incoming.setEncoding("utf8");
          incoming.on("data", (chunk: string) => (received += chunk));
          incoming.on("end", () => resolve(received));
        },
      );
      outgoing.on("error", reject);
      outgoing.end(JSON.stringify(payment("WIRE-HOST-1", 500)));
    });
    expect(record(JSON.parse(text))["checkout_url"]).toBe(`http://localhost:${port}/gateway/checkout/WIRE-HOST-1`);
  });

  it("answers the same reference and body the same, and 409 to another body", async () => {
    await call("POST", "/gateway/v1/payments", { body: payment("WIRE-FUND-2", 700), auth: false });
    const again = await call("POST", "/gateway/v1/payments", { body: payment("WIRE-FUND-2", 700), auth: false });
    expect(again.response.status).toBe(200);
    const other = await call("POST", "/gateway/v1/payments", { body: payment("WIRE-FUND-2", 701), auth: false });
    expect(other.response.status).toBe(409);
    expectEnvelope(other.body, 409);
    const bad = await call("POST", "/gateway/v1/payments", {
      body: { ...payment("WIRE-FUND-3", 700), currency: "USD" },
      auth: false,
    });
    expect(bad.response.status).toBe(400);
    expectEnvelope(bad.body, 400, "currency must be NGN.");
  });

  it("serves the checkout page as HTML with no script or style, then pays with a 303 back to return_url", async () => {
    await call("POST", "/gateway/v1/payments", { body: payment("WIRE-FUND-4", 1234.5), auth: false });
    const page = await fetch(`${sandbox.url}/gateway/checkout/WIRE-FUND-4`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Sandbox checkout</h1>");
    expect(html).toContain("₦1,234.50");
    expect(html).toContain('name="decision" value="pay">Pay</button>');
    expect(html).toContain('name="decision" value="cancel">Cancel</button>');
    expect(html).not.toMatch(/<script|<style|\sstyle=/i);

    const paid = await decide("WIRE-FUND-4", "pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${returnUrl}&reference=WIRE-FUND-4`);

    const verified = await call("GET", "/gateway/v1/payments/WIRE-FUND-4", { auth: false });
    expect(verified.response.status).toBe(200);
    expect(verified.body).toEqual({
      reference: "WIRE-FUND-4",
      amount: 1234.5,
      currency: "NGN",
      status: "paid",
      customer_email: email,
      paid_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const unknown = await call("GET", "/gateway/v1/payments/WIRE-NOPE", { auth: false });
    expect(unknown.response.status).toBe(404);
    expectEnvelope(unknown.body, 404);
  });
});

describe("call 42: POST /v1/user/fund-wallet/", () => {
  it("credits a paid payment once, answering the envelope with the credit", async () => {
    await call("POST", "/gateway/v1/payments", { body: payment("WIRE-FUND-5", 1000), auth: false });
    await decide("WIRE-FUND-5", "pay");
    const key = randomUUID();
    const body = { transaction_reference: "WIRE-FUND-5", monnify_bank_charge: 1.5 };
    const first = await call("POST", "/v1/user/fund-wallet/", { body, key });
    expect(first.response.status).toBe(200);
    expectEnvelope(first.body, 200, "Your wallet has been credited with ₦985.00.");
    const replay = await call("POST", "/v1/user/fund-wallet/", { body, key });
    expect(replay.body).toEqual(first.body);
    const again = await call("POST", "/v1/user/fund-wallet/", { body });
    expect(again.response.status).toBe(400);
    expectEnvelope(again.body, 400, "This payment has already been credited to your wallet.");
  });

  it("refuses a cancelled payment", async () => {
    await call("POST", "/gateway/v1/payments", { body: payment("WIRE-FUND-6", 1000), auth: false });
    await decide("WIRE-FUND-6", "cancel");
    const answer = await call("POST", "/v1/user/fund-wallet/", {
      body: { transaction_reference: "WIRE-FUND-6", monnify_bank_charge: 1.5 },
    });
    expect(answer.response.status).toBe(400);
    expectEnvelope(answer.body, 400, "This payment was not completed.");
  });
});

describe("calls 20 and 24: card orders", () => {
  it("20 answers {trans_ref} and the order is delivered when its payment is paid", async () => {
    const { response, body } = await call("POST", "/v1/initiate-order-airtime/", {
      body: { subcategory_id: 1, phone_number: "08011111111", amount: 500 },
      key: randomUUID(),
    });
    expect(response.status).toBe(200);
    expect(Object.keys(record(body))).toEqual(["trans_ref"]);
    const transRef = String(record(body)["trans_ref"]);
    expect(transRef).toMatch(/^PV\d{8}[A-Z2-9]{10}$/);
    await call("POST", "/gateway/v1/payments", {
      body: { ...payment(transRef, 510), description: "MTN Airtime" },
      auth: false,
    });
    expect((await decide(transRef, "pay")).status).toBe(303);
    const list = await call("GET", "/v1/get-transactions/");
    const row = record((list.body as unknown[]).find((item) => record(item)["transaction_ref"] === transRef));
    expect(row).toMatchObject({
      status: 1,
      subtotal: 500,
      amount: 510,
      description: "₦500.00 MTN airtime to 08011111111, paid by card",
    });
    expect(row["initial_balance"]).toBe(row["new_balance"]);
  });

  it("24 answers {trans_ref} for a plan at its catalog price, and the envelope for a wrong one", async () => {
    const plan = mtn1gbPlan;
    const ok = await call("POST", "/v1/initiate-order-data/", { body: plan, key: randomUUID() });
    expect(ok.response.status).toBe(200);
    expect(Object.keys(record(ok.body))).toEqual(["trans_ref"]);
    const wrong = await call("POST", "/v1/initiate-order-data/", { body: { ...plan, amount: 900 }, key: randomUUID() });
    expect(wrong.response.status).toBe(400);
    expectEnvelope(wrong.body, 400);
  });
});

describe("calls 41, 43 and 44", () => {
  it("41 answers {description, products: [{name, account, bank}]}", async () => {
    const { response, body } = await call("GET", "/v1/get-manual-funding-details/");
    expect(response.status).toBe(200);
    const details = record(body);
    expect(Object.keys(details).sort()).toEqual(["description", "products"]);
    expect(typeof details["description"]).toBe("string");
    for (const product of details["products"] as unknown[]) {
      expect(Object.keys(record(product)).sort()).toEqual(["account", "bank", "name"]);
    }
  });

  it("43 answers the envelope for a report and for a missing field", async () => {
    const report = { payment_name: "Aisha Bello", manual_amount: 2500, bank_name: "Zenith Bank", payment_type: "USSD" };
    const ok = await call("POST", "/v1/manual-payment/", { body: report, key: randomUUID() });
    expect(ok.response.status).toBe(200);
    expectEnvelope(
      ok.body,
      200,
      "Your payment report has been received. Your wallet will be credited once we confirm the payment.",
    );
    const missing = await call("POST", "/v1/manual-payment/", {
      body: { ...report, payment_type: "" },
      key: randomUUID(),
    });
    expect(missing.response.status).toBe(400);
    expectEnvelope(missing.body, 400, "Payment type is required.");
  });

  it("44 needs KYC, then answers {status, message, data: {accountName, accountNumber, bankName}} at a path with no trailing slash", async () => {
    const before = await call("GET", "/v1/generate-reserved-account/sterling");
    expect(before.response.status).toBe(400);
    expectEnvelope(before.body, 400, "Please add your BVN or NIN on your profile before creating a reserved account.");
    expect((await call("POST", "/v1/update-nin/", { body: { nin: "12345678901" } })).response.status).toBe(200);
    const { response, body } = await call("GET", "/v1/generate-reserved-account/sterling");
    expect(response.status).toBe(200);
    expect(body).toEqual({
      status: 200,
      message: "Account created successfully.",
      data: {
        accountName: "PAYVEND-AISHA BELLO",
        accountNumber: expect.stringMatching(/^\d{10}$/),
        bankName: "Sterling Bank",
      },
    });
    const profile = record(record((await call("GET", "/v1/user/profile/")).body)["profile"]);
    expect(profile["sterling_account"]).toEqual([
      { accountName: "PAYVEND-AISHA BELLO", accountNumber: record(record(body)["data"])["accountNumber"] },
    ]);
    const other = await call("GET", "/v1/generate-reserved-account/gtbank");
    expect(other.response.status).toBe(400);
    expectEnvelope(other.body, 400, "Only Sterling and Wema accounts are offered.");
  });
});
