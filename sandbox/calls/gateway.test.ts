import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { escapeHtml } from "../money/checkout-page.ts";
import { createSandbox } from "../handler.ts";
import { checkoutPageOf, decideGatewayPayment, gatewayPaymentBody, startGatewayPayment } from "../testing/gateway.ts";
import { startTestSandbox, testPortalOrigin } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;

const email = "ifeoma@example.com";

function body(reference = "FUND-20260302-0001", amount: number | string = 1234.5): Record<string, unknown> {
  return gatewayPaymentBody(reference, amount, email);
}

describe("POST /gateway/v1/payments", () => {
  beforeEach(() => {
    test = startTestSandbox();
  });

  afterEach(() => {
    test.close();
  });

  it("opens a pending payment and answers where its checkout page is", async () => {
    const answer = await startGatewayPayment(test, body());
    expect(answer).toMatchObject({
      status: 200,
      body: {
        reference: "FUND-20260302-0001",
        checkout_path: "/gateway/checkout/FUND-20260302-0001",
        checkout_url: "http://sandbox.test/gateway/checkout/FUND-20260302-0001",
      },
    });
    expect(Object.keys(answer.body as object).sort()).toEqual(["checkout_path", "checkout_url", "reference"]);
    expect(test.sandbox.gatewayPayment("FUND-20260302-0001")).toMatchObject({
      amountKobo: 123450,
      currency: "NGN",
      description: "Wallet Funding",
      customerEmail: email,
      customerName: "Ifeoma Nnamdi",
      customerPhone: "08123456789",
      status: "pending",
      paidAt: null,
    });
  });

  it("answers the same reference and body the same, once stored, and refuses another body with 409", async () => {
    const first = await startGatewayPayment(test, body());
    // The same JSON in another key order is the same request.
    const reordered = Object.fromEntries(Object.entries(body()).reverse());
    expect(await startGatewayPayment(test, reordered)).toEqual(
      expect.objectContaining({ status: 200, body: first.body }),
    );
    const other = await startGatewayPayment(test, body("FUND-20260302-0001", 1234.51));
    expect(other).toMatchObject({
      status: 409,
      body: {
        status: 409,
        message: "A payment with this reference already exists with different details. Use a new reference.",
      },
    });
    expect(test.sandbox.gatewayPayment("FUND-20260302-0001")?.amountKobo).toBe(123450);
    expect(test.db.prepare("SELECT COUNT(*) AS n FROM gateway_payments").get()?.["n"]).toBe(1);
  });

  it("builds checkout_url on gatewayBase when one is given, path and all", async () => {
    const embedded = createSandbox({
      databasePath: ":memory:",
      gatewayBase: "https://portal.test/sandbox/",
      log: () => undefined,
    });
    try {
      const response = await embedded.handle(
        new Request("http://sandbox.invalid/gateway/v1/payments", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body("CARD-1")),
        }),
      );
      expect(await response.json()).toEqual({
        reference: "CARD-1",
        checkout_path: "/gateway/checkout/CARD-1",
        checkout_url: "https://portal.test/sandbox/gateway/checkout/CARD-1",
      });
    } finally {
      embedded.close();
    }
  });

  it.each(["ftp://portal.test", "https://portal.test/sandbox?x=1", "not a url", "https://user:pw@portal.test"])(
    "refuses gatewayBase %s at start",
    (gatewayBase) => {
      expect(() => createSandbox({ databasePath: ":memory:", gatewayBase, log: () => undefined })).toThrow(
        /gatewayBase/,
      );
    },
  );
});

describe("POST /gateway/v1/payments refuses bad input with 400", () => {
  beforeAll(() => {
    test = startTestSandbox();
  });

  afterAll(() => {
    test.close();
  });

  const referenceMessage =
    "reference must be 1 to 100 letters, digits, dots, hyphens or underscores, starting with a letter or digit.";
  const amountMessage = "amount must be a naira amount above 0 with at most 2 decimals, e.g. 1015 or 1015.23.";
  const customerMessage = "customer must be an object with email, name and phone.";
  const returnMessage = "return_url must be an absolute http or https URL.";

  it.each<[string, Record<string, unknown>, string]>([
    ["no reference", { reference: undefined }, referenceMessage],
    ["a reference with a slash", { reference: "a/b" }, referenceMessage],
    ["a reference of 101 characters", { reference: "R".repeat(101) }, referenceMessage],
    ["no amount", { amount: undefined }, amountMessage],
    ["a zero amount", { amount: 0 }, amountMessage],
    ["three decimals", { amount: 10.005 }, amountMessage],
    ["a negative amount", { amount: -5 }, amountMessage],
    ["dollars", { currency: "USD" }, "currency must be NGN."],
    ["no description", { description: "" }, "description is required, at most 200 characters."],
    ["no customer", { customer: undefined }, customerMessage],
    [
      "a customer without e-mail",
      { customer: { name: "Ada", phone: "" } },
      "customer.email must be an e-mail address.",
    ],
    [
      "a customer without name",
      { customer: { email, phone: "" } },
      "customer.name is required, at most 150 characters.",
    ],
    [
      "a phone that is a number",
      { customer: { email, name: "Ada", phone: 8123456789 } },
      "customer.phone must be text of at most 20 characters.",
    ],
    ["a relative return_url", { return_url: "/dashboard" }, returnMessage],
    ["a javascript: return_url", { return_url: "javascript:alert(1)" }, returnMessage],
  ])("%s", async (_, change, message) => {
    const answer = await startGatewayPayment(test, {
      ...body(`BAD-${Math.random().toString(36).slice(2)}`),
      ...change,
    });
    expect(answer).toMatchObject({ status: 400, body: { status: 400, message } });
  });

  it("takes a missing phone as blank, and the amount as a numeric string", async () => {
    const answer = await startGatewayPayment(test, {
      ...body("PHONELESS", "150.00"),
      customer: { email, name: "Ada" },
    });
    expect(answer.status).toBe(200);
    expect(test.sandbox.gatewayPayment("PHONELESS")).toMatchObject({ amountKobo: 150_00, customerPhone: "" });
  });
});

describe("GET /gateway/v1/payments/{reference}", () => {
  beforeEach(() => {
    test = startTestSandbox();
  });

  afterEach(() => {
    test.close();
  });

  it("reports pending, then paid with the time, in naira", async () => {
    await startGatewayPayment(test, body());
    const pending = await test.call("GET", "/gateway/v1/payments/FUND-20260302-0001");
    expect(pending).toMatchObject({ status: 200 });
    expect(pending.body).toEqual({
      reference: "FUND-20260302-0001",
      amount: 1234.5,
      currency: "NGN",
      status: "pending",
      customer_email: email,
      paid_at: null,
    });
    test.advance(90_000);
    await decideGatewayPayment(test, "FUND-20260302-0001", "pay");
    const paid = await test.call("GET", "/gateway/v1/payments/FUND-20260302-0001");
    expect(paid.body).toMatchObject({ status: "paid", paid_at: "2026-03-02T09:01:30.000Z" });
  });

  it("answers 404 for a reference it never saw", async () => {
    expect(await test.call("GET", "/gateway/v1/payments/NOPE-1")).toMatchObject({
      status: 404,
      body: { status: 404, message: "No gateway payment has this reference." },
    });
  });
});

describe("the checkout page", () => {
  beforeEach(() => {
    test = startTestSandbox();
  });

  afterEach(() => {
    test.close();
  });

  it("shows the amount, description and customer, and a form of two buttons, with no script or style", async () => {
    await startGatewayPayment(test, body());
    const { status, html, type } = await checkoutPageOf(test, "FUND-20260302-0001");
    expect(status).toBe(200);
    expect(type).toBe("text/html; charset=utf-8");
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain("<title>Sandbox checkout: ₦1,234.50</title>");
    expect(html).toContain("<h1>Sandbox checkout</h1>");
    expect(html).toContain("₦1,234.50");
    expect(html).toContain("Wallet Funding");
    expect(html).toContain(email);
    expect(html.match(/<form /g)).toHaveLength(1);
    expect(html).toContain('<form method="post">');
    expect(html).toContain('<button type="submit" name="decision" value="pay">Pay</button>');
    expect(html).toContain('<button type="submit" name="decision" value="cancel">Cancel</button>');
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
  });

  it("escapes what the merchant sent", async () => {
    await startGatewayPayment(test, { ...body("XSS-1"), description: '<img src=x onerror="alert(1)">' });
    const { html } = await checkoutPageOf(test, "XSS-1");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img");
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });

  it("shows a paid payment's state and a link back instead of the form", async () => {
    await startGatewayPayment(test, body());
    await decideGatewayPayment(test, "FUND-20260302-0001", "pay");
    const { html } = await checkoutPageOf(test, "FUND-20260302-0001");
    expect(html).toContain("This payment was <strong>paid</strong> at 2026-03-02T10:00:00.000+01:00.");
    expect(html).not.toContain("<form");
    expect(html).toContain(
      `<a href="${testPortalOrigin}/dashboard/fund-wallet/return?method=card&amp;reference=FUND-20260302-0001">Return to the merchant</a>`,
    );
  });

  it("shows a cancelled payment as cancelled", async () => {
    await startGatewayPayment(test, body());
    await decideGatewayPayment(test, "FUND-20260302-0001", "cancel");
    const { html } = await checkoutPageOf(test, "FUND-20260302-0001");
    expect(html).toContain("This payment was <strong>cancelled</strong>; nothing was paid.");
    expect(html).not.toContain("<form");
  });

  it("answers an unknown reference with a 404 page", async () => {
    const { status, html } = await checkoutPageOf(test, "NOPE-1");
    expect(status).toBe(404);
    expect(html).toContain("There is no sandbox gateway payment with this reference.");
  });
});

describe("POST /gateway/checkout/{reference}", () => {
  beforeEach(() => {
    test = startTestSandbox();
  });

  afterEach(() => {
    test.close();
  });

  it("pays and sends the browser back with 303, the return URL's query kept and the reference added", async () => {
    await startGatewayPayment(test, body());
    const response = await decideGatewayPayment(test, "FUND-20260302-0001", "pay");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `${testPortalOrigin}/dashboard/fund-wallet/return?method=card&reference=FUND-20260302-0001`,
    );
    expect(test.sandbox.gatewayPayment("FUND-20260302-0001")).toMatchObject({
      status: "paid",
      paidAt: "2026-03-02T09:00:00.000Z",
    });
  });

  it("cancels, and then neither pay nor cancel changes it, though each still sends the browser back", async () => {
    await startGatewayPayment(test, body());
    expect((await decideGatewayPayment(test, "FUND-20260302-0001", "cancel")).status).toBe(303);
    const late = await decideGatewayPayment(test, "FUND-20260302-0001", "pay");
    expect(late.status).toBe(303);
    expect(late.headers.get("location")).toContain("reference=FUND-20260302-0001");
    expect(test.sandbox.gatewayPayment("FUND-20260302-0001")).toMatchObject({ status: "cancelled", paidAt: null });
  });

  it("keeps the first paid time when Pay is posted again", async () => {
    await startGatewayPayment(test, body());
    await decideGatewayPayment(test, "FUND-20260302-0001", "pay");
    test.advance(60_000);
    await decideGatewayPayment(test, "FUND-20260302-0001", "pay");
    await decideGatewayPayment(test, "FUND-20260302-0001", "cancel");
    expect(test.sandbox.gatewayPayment("FUND-20260302-0001")).toMatchObject({
      status: "paid",
      paidAt: "2026-03-02T09:00:00.000Z",
    });
  });

  it("answers a decision other than pay or cancel with the page again and 400, changing nothing", async () => {
    await startGatewayPayment(test, body());
    const response = await decideGatewayPayment(test, "FUND-20260302-0001", "refund");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose Pay or Cancel.");
    expect(test.sandbox.gatewayPayment("FUND-20260302-0001")?.status).toBe("pending");
  });

  it("answers an unknown reference with 404", async () => {
    expect((await decideGatewayPayment(test, "NOPE-1", "pay")).status).toBe(404);
  });
});
