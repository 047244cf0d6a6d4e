// Calls 17 to 19, 21 to 23, 38 and 39 of docs/upstream-api.md on the wire: the sandbox upstream
// served over HTTP, read as raw JSON, so any client written to the contract can rely on
// exactly these keys, types and envelopes.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasAtMostTwoDecimals, list, record, serveSandbox, SUBCATEGORY_KEYS, TRANSACTION_KEYS } from "./wire.ts";

const DATA_PLAN_KEYS = ["amount", "plan", "service_id", "size", "variation_amount", "variation_code"];

// The Reseller demo account: enough balance for every purchase here (README).
const { call } = serveSandbox({
  folderPrefix: "contract-purchase-",
  login: { email: "reseller@payvend.test", password: "Demo-pass-2026" },
});

function expectSubcategoryList(body: unknown, category: number): void {
  const items = list(body);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items.map(record)) {
    expect(Object.keys(item).sort()).toEqual(SUBCATEGORY_KEYS);
    expect(item["category_id"]).toBe(category);
    expect(Number.isInteger(item["id"])).toBe(true);
    expect(String(item["image"])).toMatch(/^\//);
    expect(typeof item["amount"]).toBe("number");
  }
}

function expectTransaction(value: unknown): Record<string, unknown> {
  const transaction = record(value);
  expect(Object.keys(transaction).sort()).toEqual(TRANSACTION_KEYS);
  for (const key of ["subtotal", "amount", "initial_balance", "new_balance"]) {
    expect(hasAtMostTwoDecimals(transaction[key]), key).toBe(true);
  }
  expect([0, 1, 2, 3, 4]).toContain(transaction["status"]);
  expect(String(transaction["created_at"])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/);
  return transaction;
}

function expectEnvelope(body: unknown, status: number): string {
  const envelope = record(body);
  expect(Object.keys(envelope).sort()).toEqual(["message", "status"]);
  expect(envelope["status"]).toBe(status);
  expect(String(envelope["message"]).length).toBeGreaterThan(0);
  return String(envelope["message"]);
}

describe("calls 17 and 18: airtime", () => {
  it("17 lists category 2 as [Subcategory]", async () => {
    const { response, body } = await call("GET", "/v1/get-airtime-packages/");
    expect(response.status).toBe(200);
    expectSubcategoryList(body, 2);
  });

  it("18 answers one element {id, title, amount, image, description}, 404 for a non-airtime id", async () => {
    const { response, body } = await call("GET", "/v1/get-airtime-plans/1/");
    expect(response.status).toBe(200);
    const items = list(body);
    expect(items).toHaveLength(1);
    const plan = record(items[0]);
    expect(Object.keys(plan).sort()).toEqual(["amount", "description", "id", "image", "title"]);
    expect(plan["id"]).toBe(1);
    expect(typeof plan["amount"]).toBe("number");
    const missing = await call("GET", "/v1/get-airtime-plans/5/");
    expect(missing.response.status).toBe(404);
    expectEnvelope(missing.body, 404);
  });
});

describe("calls 21 and 22: data", () => {
  it("21 lists category 1, ids 55 to 59 included", async () => {
    const { body } = await call("GET", "/v1/get-data-packages/");
    expectSubcategoryList(body, 1);
    const ids = list(body).map((item) => record(item)["id"]);
    for (const id of [55, 56, 57, 58, 59]) expect(ids).toContain(id);
  });

  it("22 answers [{plans: [DataPlan], amount, image, description}] with naira amounts", async () => {
    const { response, body } = await call("GET", "/v1/get-data-plans/6/");
    expect(response.status).toBe(200);
    const items = list(body);
    expect(items).toHaveLength(1);
    const first = record(items[0]);
    expect(Object.keys(first).sort()).toEqual(["amount", "description", "image", "plans"]);
    const plans = list(first["plans"]).map(record);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(Object.keys(plan).sort()).toEqual(DATA_PLAN_KEYS);
      expect(hasAtMostTwoDecimals(plan["amount"])).toBe(true);
      expect(hasAtMostTwoDecimals(plan["variation_amount"])).toBe(true);
      for (const key of ["plan", "size", "service_id", "variation_code"]) expect(typeof plan[key], key).toBe("string");
    }
    expect((await call("GET", "/v1/get-data-plans/1/")).response.status).toBe(404);
  });
});

describe("call 38: SMS packages", () => {
  it("answers [{id, amount}] with the rate in naira", async () => {
    const { response, body } = await call("GET", "/v1/get-sms-packages/");
    expect(response.status).toBe(200);
    const items = list(body).map(record);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(["amount", "id"]);
      expect(hasAtMostTwoDecimals(item["amount"])).toBe(true);
    }
  });
});

describe("calls 19, 23 and 39: purchase results", () => {
  async function dataPlan(): Promise<Record<string, unknown>> {
    const { body } = await call("GET", "/v1/get-data-plans/5/");
    return record(list(record(list(body)[0])["plans"])[0]);
  }

  it("19 answers 200 {status, message, data: Transaction}", async () => {
    const { response, body } = await call("POST", "/v1/purchase-airtime/", {
      body: { subcategory_id: 1, phone_number: "08011111111", amount: 200 },
      key: randomUUID(),
    });
    expect(response.status).toBe(200);
    const result = record(body);
    expect(Object.keys(result).sort()).toEqual(["data", "message", "status"]);
    expect(result["status"]).toBe(200);
    const transaction = expectTransaction(result["data"]);
    expect(transaction).toMatchObject({ subtotal: 200, status: 1, phone_number: "08011111111" });
  });

  it("23 buys the plan call 22 listed, sending it back as the contract says", async () => {
    const plan = await dataPlan();
    const { response, body } = await call("POST", "/v1/purchase-data/", {
      body: {
        size: plan["size"],
        title: plan["plan"],
        subcategory_id: 5,
        phone_number: "08011111111",
        amount: plan["amount"],
        variation_amount: plan["variation_amount"],
        service_id: plan["service_id"],
        variation_code: plan["variation_code"],
      },
      key: randomUUID(),
    });
    expect(response.status).toBe(200);
    expect(expectTransaction(record(body)["data"])).toMatchObject({ subtotal: plan["amount"], status: 1 });
  });

  it("39 recomputes recipients × pages × the call 38 rate", async () => {
    const rate = Number(record(list((await call("GET", "/v1/get-sms-packages/")).body)[0])["amount"]);
    const amount = Math.round(2 * 1 * rate * 100) / 100;
    const { response, body } = await call("POST", "/v1/send-sms/", {
      body: { subcategory_id: 40, phone: "08011111111,2348044444444", sender: "PAYVEND", message: "Hello", amount },
      key: randomUUID(),
    });
    expect(response.status).toBe(200);
    expect(expectTransaction(record(body)["data"])).toMatchObject({ amount, status: 1 });
  });

  it("answers a pending purchase 201 {status: 201, message, data}, already paid", async () => {
    const { response, body } = await call("POST", "/v1/purchase-airtime/", {
      body: { subcategory_id: 2, phone_number: "08022222222", amount: 100 },
      key: randomUUID(),
    });
    expect(response.status).toBe(201);
    const result = record(body);
    expect(result["status"]).toBe(201);
    expect(String(result["message"])).toMatch(/pending/);
    const transaction = expectTransaction(result["data"]);
    expect(transaction["status"]).toBe(0);
    expect(Number(transaction["new_balance"])).toBeLessThan(Number(transaction["initial_balance"]));
  });

  it("answers a refusal, a refunded failure and a reused key in the business envelope", async () => {
    const refused = await call("POST", "/v1/purchase-airtime/", {
      body: { subcategory_id: 1, phone_number: "0801", amount: 100 },
    });
    expect(refused.response.status).toBe(400);
    expectEnvelope(refused.body, 400);

    const key = randomUUID();
    const failed = await call("POST", "/v1/purchase-airtime/", {
      body: { subcategory_id: 1, phone_number: "08033333333", amount: 100 },
      key,
    });
    expect(failed.response.status).toBe(400);
    expect(expectEnvelope(failed.body, 400)).toMatch(/refunded/);

    const reused = await call("POST", "/v1/purchase-airtime/", {
      body: { subcategory_id: 1, phone_number: "08011111111", amount: 100 },
      key,
    });
    expect(reused.response.status).toBe(422);
    expectEnvelope(reused.body, 422);
  });

  it("answers 401 in the client_error envelope without a token", async () => {
    const { response, body } = await call("POST", "/v1/purchase-airtime/", { body: {}, auth: false });
    expect(response.status).toBe(401);
    expect(record(body)).toMatchObject({ type: "client_error", errors: [{ code: "not_authenticated", attr: null }] });
  });
});
