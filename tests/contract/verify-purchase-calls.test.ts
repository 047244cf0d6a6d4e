// Calls 25 to 35 of docs/upstream-api.md on the wire: the sandbox upstream served over HTTP, read as
// raw JSON, so a client written to the contract can rely on exactly these keys, types and
// envelopes, including the verify calls' HTTP 200 content.error and #34's missing outer data.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasAtMostTwoDecimals, list, record, serveSandbox, SUBCATEGORY_KEYS, TRANSACTION_KEYS } from "./wire.ts";

const VARIATION_KEYS = ["name", "variation_amount", "variation_code"];

// The Reseller demo account: enough balance for every purchase here (README).
const { call } = serveSandbox({
  folderPrefix: "contract-verify-purchase-",
  login: { email: "reseller@payvend.test", password: "Demo-pass-2026" },
});

function segments(...parts: readonly (string | number)[]): string {
  return parts.map((part) => encodeURIComponent(String(part))).join("/");
}

function expectSubcategoryList(body: unknown, category: number): Record<string, unknown>[] {
  const items = list(body).map(record);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(Object.keys(item).sort()).toEqual(SUBCATEGORY_KEYS);
    expect(item["category_id"]).toBe(category);
    expect(typeof item["amount"]).toBe("number");
    expect(String(item["image"])).toMatch(/^\//);
  }
  return items;
}

function expectVariations(body: unknown): Record<string, unknown>[] {
  const envelope = record(body);
  expect(Object.keys(envelope)).toEqual(["data"]);
  const items = list(envelope["data"]).map(record);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(Object.keys(item).sort()).toEqual(VARIATION_KEYS);
    expect(typeof item["name"]).toBe("string");
    expect(typeof item["variation_code"]).toBe("string");
    expect(hasAtMostTwoDecimals(item["variation_amount"])).toBe(true);
  }
  return items;
}

// The verify calls answer HTTP 200 either way; what the portal reads is content.
function expectContent(body: unknown, keys: readonly string[], outer: boolean): Record<string, unknown> {
  let content: unknown = record(body)["content"];
  if (outer) {
    expect(Object.keys(record(body))).toEqual(["data"]);
    content = record(record(body)["data"])["content"];
  } else {
    expect(Object.keys(record(body))).toEqual(["content"]);
  }
  const fields = record(content);
  expect(Object.keys(fields).sort()).toEqual([...keys].sort());
  return fields;
}

function expectTransaction(value: unknown): Record<string, unknown> {
  const transaction = record(value);
  expect(Object.keys(transaction).sort()).toEqual(TRANSACTION_KEYS);
  for (const key of ["subtotal", "amount", "initial_balance", "new_balance"]) {
    expect(hasAtMostTwoDecimals(transaction[key]), key).toBe(true);
  }
  for (const key of ["smart_no", "meter_no", "token", "exam_card", "description", "description2"]) {
    expect(typeof transaction[key], key).toBe("string");
  }
  return transaction;
}

function expectEnvelope(body: unknown, status: number): string {
  const envelope = record(body);
  expect(Object.keys(envelope).sort()).toEqual(["message", "status"]);
  expect(envelope["status"]).toBe(status);
  return String(envelope["message"]);
}

function expectPurchase(response: Response, body: unknown, status: 200 | 201): Record<string, unknown> {
  expect(response.status).toBe(status);
  const result = record(body);
  expect(Object.keys(result).sort()).toEqual(["data", "message", "status"]);
  expect(result["status"]).toBe(status);
  return expectTransaction(result["data"]);
}

describe("cable TV: calls 25 to 28", () => {
  it("25 lists category 3 as [Subcategory]", async () => {
    expectSubcategoryList((await call("GET", "/v1/get-tv-packages/")).body, 3);
  });

  it("26 answers {data: {content: {Customer_Name, Current_Bouquet, Renewal_Amount}}}, or content.error with HTTP 200", async () => {
    const verified = await call("GET", `/v1/validate-tv/${segments(9, "DSTV", "1212121212")}/`);
    expect(verified.response.status).toBe(200);
    const content = expectContent(verified.body, ["Customer_Name", "Current_Bouquet", "Renewal_Amount"], true);
    expect(typeof content["Customer_Name"]).toBe("string");
    expect(hasAtMostTwoDecimals(content["Renewal_Amount"])).toBe(true);

    const failed = await call("GET", `/v1/validate-tv/${segments(9, "DSTV", "9876543210")}/`);
    expect(failed.response.status).toBe(200);
    expect(typeof expectContent(failed.body, ["error"], true)["error"]).toBe("string");
  });

  it("27 answers {data: [CablePlan]}, 404 in the business envelope for no cable provider", async () => {
    for (const title of ["DSTV", "GOTV", "STARTIMES"]) {
      expectVariations((await call("GET", `/v1/get-tv-plan/${segments(title)}/`)).body);
    }
    const missing = await call("GET", `/v1/get-tv-plan/${segments("MTN")}/`);
    expect(missing.response.status).toBe(404);
    expectEnvelope(missing.body, 404);
  });

  it("28 renews a plan call 27 listed for a card call 26 verified", async () => {
    const plans = expectVariations((await call("GET", `/v1/get-tv-plan/${segments("GOTV")}/`)).body);
    const plan = plans[0] ?? {};
    const { response, body } = await call("POST", "/v1/purchase-cable/", {
      body: {
        phone: "08011111111",
        code: plan["variation_code"],
        service_type: "GOTV",
        smart_no: "1212121212",
        bouquet_name: plan["name"],
        amount: plan["variation_amount"],
        subscription_type: "renew",
        subcategory_id: 10,
      },
      key: randomUUID(),
    });
    const transaction = expectPurchase(response, body, 200);
    expect(transaction).toMatchObject({
      smart_no: "1212121212",
      plan: plan["name"],
      subtotal: plan["variation_amount"],
      status: 1,
    });
  });

  it("28 tops up STARTIMES with an empty code", async () => {
    const { response, body } = await call("POST", "/v1/purchase-cable/", {
      body: {
        phone: "08011111111",
        code: "",
        service_type: "STARTIMES",
        smart_no: "1212121212",
        bouquet_name: "",
        amount: 250,
        subscription_type: "renew",
        subcategory_id: 11,
      },
      key: randomUUID(),
    });
    expect(expectPurchase(response, body, 200)).toMatchObject({ subtotal: 250 });
  });
});

describe("electricity: calls 29 to 31", () => {
  it("29 lists category 4 as [Subcategory]", async () => {
    expectSubcategoryList((await call("GET", "/v1/get-electricity-packages/")).body, 4);
  });

  it("30 answers {data: {content: {Customer_Name, Address}}}, or content.error with HTTP 200", async () => {
    const verified = await call(
      "GET",
      `/v1/validate-electricity/${segments(16, "Port-Harcourt", "1111111111111", "prepaid")}/`,
    );
    expect(verified.response.status).toBe(200);
    expect(expectContent(verified.body, ["Address", "Customer_Name"], true)).toMatchObject({
      Customer_Name: expect.any(String),
      Address: expect.any(String),
    });
    const failed = await call(
      "GET",
      `/v1/validate-electricity/${segments(16, "Port-Harcourt", "1111111111111", "postpaid")}/`,
    );
    expect(failed.response.status).toBe(200);
    expectContent(failed.body, ["error"], true);
  });

  it("31 sells a prepaid token, in token and after the description's first colon", async () => {
    const { response, body } = await call("POST", "/v1/purchase-electricity/", {
      body: {
        subcategory_id: 16,
        phone: "08011111111",
        billersCode: "1111111111111",
        variation_code: "prepaid",
        service_id: "Port-Harcourt",
        amount: 1000,
      },
      key: randomUUID(),
    });
    const transaction = expectPurchase(response, body, 200);
    const description = String(transaction["description"]);
    expect(transaction["token"]).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(description.slice(description.indexOf(":") + 1).trim()).toBe(transaction["token"]);
    expect(transaction).toMatchObject({ meter_no: "1111111111111", subtotal: 1000, status: 1 });
  });

  it("31 pays a postpaid bill with no token", async () => {
    const { response, body } = await call("POST", "/v1/purchase-electricity/", {
      body: {
        subcategory_id: 12,
        phone: "08011111111",
        billersCode: "1010101010101",
        variation_code: "postpaid",
        service_id: "Ikeja-Electric",
        amount: 500,
      },
      key: randomUUID(),
    });
    expect(expectPurchase(response, body, 200)).toMatchObject({ token: "", meter_no: "1010101010101" });
  });
});

describe("exam PINs: calls 32 to 35", () => {
  it("32 lists [ExamPackage] {id, title, image, amount, key}", async () => {
    const items = list((await call("GET", "/v1/get-exam-packages/")).body).map(record);
    expect(items.map((item) => item["title"])).toEqual(["WAEC", "NECO", "NABTEB", "JAMB"]);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(["amount", "id", "image", "key", "title"]);
      expect(typeof item["amount"]).toBe("number");
    }
  });

  it("33 answers {data: [ExamVariant]}, 404 for no exam board", async () => {
    for (const title of ["WAEC", "NECO", "NABTEB", "JAMB"]) {
      expectVariations((await call("GET", `/v1/get-exam-type/${segments(title)}/`)).body);
    }
    expect((await call("GET", `/v1/get-exam-type/${segments("GCE")}/`)).response.status).toBe(404);
  });

  it("34 answers {content: {Customer_Name}} with no outer data, or content.error with HTTP 200", async () => {
    const verified = await call("GET", `/v1/validate-exam/${segments(33, "JAMB", "0123456789", "utme-mock")}/`);
    expect(verified.response.status).toBe(200);
    expect(typeof expectContent(verified.body, ["Customer_Name"], false)["Customer_Name"]).toBe("string");
    const failed = await call("GET", `/v1/validate-exam/${segments(33, "JAMB", "1111111111", "utme-mock")}/`);
    expect(failed.response.status).toBe(200);
    expectContent(failed.body, ["error"], false);
  });

  it("35 sells the variant call 33 listed, serial and PIN in exam_card", async () => {
    const [variant = {}] = expectVariations((await call("GET", `/v1/get-exam-type/${segments("WAEC")}/`)).body);
    const { response, body } = await call("POST", "/v1/purchase-exam-pins/", {
      body: {
        subcategory_id: 30,
        phone: "08011111111",
        billersCode: "",
        variation_code: variant["variation_code"],
        service_id: "WAEC",
        amount: variant["variation_amount"],
      },
      key: randomUUID(),
    });
    const transaction = expectPurchase(response, body, 200);
    expect(String(transaction["exam_card"])).toMatch(/^Serial: \S+, PIN: \d+$/);
  });
});

describe("calls 28, 31 and 35: pending, failed and refused", () => {
  const pending = [
    [
      "28",
      "/v1/purchase-cable/",
      {
        phone: "08011111111",
        code: "dstv-padi",
        service_type: "DSTV",
        smart_no: "2222222222",
        bouquet_name: "DStv Padi",
        amount: 4400,
        subscription_type: "renew",
        subcategory_id: 9,
      },
    ],
    [
      "31",
      "/v1/purchase-electricity/",
      {
        subcategory_id: 12,
        phone: "08011111111",
        billersCode: "2222222222222",
        variation_code: "prepaid",
        service_id: "Ikeja-Electric",
        amount: 500,
      },
    ],
    [
      "35",
      "/v1/purchase-exam-pins/",
      {
        subcategory_id: 31,
        phone: "08022222222",
        billersCode: "",
        variation_code: "neco-result-token",
        service_id: "NECO",
        amount: 1300,
      },
    ],
  ] as const;

  it.each(pending)(
    "%s answers a pending purchase 201 {status: 201, message, data}, already paid",
    async (_, path, body) => {
      const { response, body: answer } = await call("POST", path, { body, key: randomUUID() });
      const transaction = expectPurchase(response, answer, 201);
      expect(transaction["status"]).toBe(0);
      expect(Number(transaction["new_balance"])).toBeLessThan(Number(transaction["initial_balance"]));
    },
  );

  it.each([
    [
      "28",
      "/v1/purchase-cable/",
      {
        phone: "08011111111",
        code: "dstv-padi",
        service_type: "DSTV",
        smart_no: "3333333333",
        bouquet_name: "DStv Padi",
        amount: 4400,
        subscription_type: "renew",
        subcategory_id: 9,
      },
    ],
    [
      "31",
      "/v1/purchase-electricity/",
      {
        subcategory_id: 12,
        phone: "08011111111",
        billersCode: "3333333333333",
        variation_code: "prepaid",
        service_id: "Ikeja-Electric",
        amount: 500,
      },
    ],
    [
      "35",
      "/v1/purchase-exam-pins/",
      {
        subcategory_id: 31,
        phone: "08033333333",
        billersCode: "",
        variation_code: "neco-result-token",
        service_id: "NECO",
        amount: 1300,
      },
    ],
  ] as const)("%s answers a refunded failure 400 in the business envelope", async (_, path, body) => {
    const { response, body: answer } = await call("POST", path, { body, key: randomUUID() });
    expect(response.status).toBe(400);
    expect(expectEnvelope(answer, 400)).toMatch(/refunded/);
  });

  it.each([
    [
      "28",
      "/v1/purchase-cable/",
      {
        phone: "08011111111",
        code: "dstv-padi",
        service_type: "DSTV",
        smart_no: "9876543210",
        bouquet_name: "DStv Padi",
        amount: 4400,
        subscription_type: "renew",
        subcategory_id: 9,
      },
    ],
    [
      "31",
      "/v1/purchase-electricity/",
      {
        subcategory_id: 12,
        phone: "08011111111",
        billersCode: "9876543210123",
        variation_code: "prepaid",
        service_id: "Ikeja-Electric",
        amount: 500,
      },
    ],
    [
      "35",
      "/v1/purchase-exam-pins/",
      {
        subcategory_id: 33,
        phone: "08011111111",
        billersCode: "9876543210",
        variation_code: "de",
        service_id: "JAMB",
        amount: 6200,
      },
    ],
  ] as const)("%s refuses an unverified number 400 in the business envelope", async (_, path, body) => {
    const { response, body: answer } = await call("POST", path, { body, key: randomUUID() });
    expect(response.status).toBe(400);
    expect(expectEnvelope(answer, 400)).toMatch(/could not be verified/);
  });

  it.each(pending)("%s answers 401 in the client_error envelope without a token", async (_, path, body) => {
    const { response, body: answer } = await call("POST", path, { body, auth: false });
    expect(response.status).toBe(401);
    expect(record(answer)).toMatchObject({ type: "client_error", errors: [{ code: "not_authenticated", attr: null }] });
  });
});
