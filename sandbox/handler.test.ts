import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listProviders } from "./purchases/catalog.ts";
import { openDatabase } from "./store/db.ts";
import { createSandbox } from "./handler.ts";
import type { Sandbox } from "./handler.ts";
import type { LogEntry } from "./http/log.ts";
import { seedDatabase } from "./seed/seed.ts";

const base = "http://sandbox.test";
const publicFolder = fileURLToPath(new URL("../public", import.meta.url));

interface Product {
  plan?: unknown;
  amount1: unknown;
}

interface Subcategory {
  id: number;
  key: string;
  title: string;
  image: string;
  category_id: number;
  amount: unknown;
  description: unknown;
  products: Product[];
}

let sandbox: Sandbox;
let logged: LogEntry[];

beforeEach(() => {
  logged = [];
  sandbox = createSandbox({ databasePath: ":memory:", log: (entry) => logged.push(entry) });
});

afterEach(() => {
  sandbox.close();
});

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  return sandbox.handle(new Request(`${base}${path}`, { headers: { Accept: "application/json" }, ...init }));
}

async function subcategoryList(): Promise<Subcategory[]> {
  const response = await get("/v1/get-subcategory-list/");
  expect(response.status).toBe(200);
  return (await response.json()) as Subcategory[];
}

function hasAtMostTwoDecimals(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
}

describe("call 1: GET /v1/get-pages/", () => {
  it("returns the site pages", async () => {
    const response = await get("/v1/get-pages/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      "about",
      "contact",
      "faq",
      "privacy",
      "social",
      "terms",
      "whatsapp_phone",
    ]);
    for (const value of Object.values(body)) {
      expect(typeof value).toBe("string");
    }
    const [address, phone, email] = String(body["contact"]).split("|");
    expect(address).toMatch(/Lagos/);
    expect(phone).toMatch(/^0[789][01]\d{8}$/);
    expect(email).toMatch(/^support@/);
    expect(String(body["social"]).split("|")).toHaveLength(3);
    expect(body["whatsapp_phone"]).toMatch(/^234\d{10}$/);
    expect(String(body["faq"]).match(/<h3>/g)?.length).toBeGreaterThanOrEqual(6);
    expect(body["privacy"]).toMatch(/NDPA|NDPR/);
    expect(body["terms"]).toMatch(/<ul>/);
  });

  it("ignores an Authorization header", async () => {
    const response = await get("/v1/get-pages/", { headers: { Authorization: "Bearer not-a-token" } });
    expect(response.status).toBe(200);
  });
});

describe("call 2: GET /v1/get-subcategory-list/", () => {
  it("covers every category of docs/upstream-api.md", async () => {
    const categories = new Set((await subcategoryList()).map((subcategory) => subcategory.category_id));
    expect([...categories].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 11]);
  });

  it("has the fixed ids and titles the portal relies on", async () => {
    const titles = new Map((await subcategoryList()).map((subcategory) => [subcategory.id, subcategory.title]));
    expect([1, 2, 3, 4].map((id) => titles.get(id))).toEqual(["MTN", "Airtel", "Glo", "9mobile"]);
    expect([9, 10, 11].map((id) => titles.get(id))).toEqual(["DSTV", "GOTV", "STARTIMES"]);
    expect([30, 31, 32, 33].map((id) => titles.get(id))).toEqual(["WAEC", "NECO", "NABTEB", "JAMB"]);
    expect(titles.get(40)).toBe("Bulk SMS");
  });

  it("lists at least ten electricity providers titled like 'IKEDC - Ikeja Electric'", async () => {
    const electricity = (await subcategoryList()).filter((subcategory) => subcategory.category_id === 4);
    expect(electricity.length).toBeGreaterThanOrEqual(10);
    for (const subcategory of electricity) {
      expect(subcategory.title).toMatch(/^[A-Z]+ - .+ Electric$/);
    }
  });

  it("shows ids 55 to 59 as data subcategories priced by discount", async () => {
    const gifting = (await subcategoryList()).filter((subcategory) => subcategory.id >= 55 && subcategory.id <= 59);
    expect(gifting.map((subcategory) => subcategory.id)).toEqual([55, 56, 57, 58, 59]);
    for (const subcategory of gifting) {
      expect(subcategory.category_id).toBe(1);
      expect(subcategory.products).toEqual([{ amount1: subcategory.amount }]);
    }
  });

  it("prices data plans in naira and every other product as the discount", async () => {
    for (const subcategory of await subcategoryList()) {
      expect(typeof subcategory.amount).toBe("number");
      expect(subcategory.products.length).toBeGreaterThan(0);
      const isPlanList = subcategory.category_id === 1 && (subcategory.id < 55 || subcategory.id > 59);
      for (const product of subcategory.products) {
        expect(hasAtMostTwoDecimals(product.amount1)).toBe(true);
        if (isPlanList) {
          expect(typeof product.plan).toBe("string");
          expect(product.amount1).toBeGreaterThanOrEqual(10);
        } else {
          expect(product).toEqual({ amount1: subcategory.amount });
        }
      }
      if (isPlanList) {
        expect(subcategory.products.length).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it("uses slug keys, unique ids and images that exist under public/", async () => {
    const list = await subcategoryList();
    expect(new Set(list.map((subcategory) => subcategory.id)).size).toBe(list.length);
    expect(new Set(list.map((subcategory) => subcategory.key)).size).toBe(list.length);
    for (const subcategory of list) {
      expect(subcategory.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(subcategory.image).toMatch(/^\/media\/providers\/[a-z0-9-]+\.svg$/);
      expect(existsSync(`${publicFolder}${subcategory.image}`)).toBe(true);
    }
  });
});

describe("catalog discounts", () => {
  it("grow with the user level for every provider", () => {
    const db = openDatabase(":memory:");
    seedDatabase(db);
    const byLevel = ([0, 1, 2, 3] as const).map((level) => listProviders(db, level));
    db.close();
    const [normal, agent, reseller, api] = byLevel;
    expect(normal?.length).toBeGreaterThan(0);
    normal?.forEach((provider, index) => {
      const steps = [provider, agent?.[index], reseller?.[index], api?.[index]].map(
        (entry) => entry?.discountBasisPoints ?? -1,
      );
      expect(steps[0]).toBeGreaterThan(0);
      for (let level = 1; level < steps.length; level += 1) {
        expect(steps[level]).toBeGreaterThan(steps[level - 1] ?? Number.POSITIVE_INFINITY);
      }
    });
  });
});

describe("envelopes", () => {
  it("answers an unknown path with 404", async () => {
    const response = await get("/v1/no-such-call/");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ status: 404, message: "Not found." });
  });

  it("does not match a path without its trailing slash", async () => {
    expect((await get("/v1/get-pages")).status).toBe(404);
  });

  it("answers a known path with the wrong method with 405", async () => {
    const response = await get("/v1/get-pages/", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(await response.json()).toEqual({ status: 405, message: "Method not allowed." });
  });

  it("answers an unexpected failure with 500, logging the detail but not sending it", async () => {
    sandbox.close();
    const response = await get("/v1/get-pages/");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: 500, message: "Server error." });
    expect(text).not.toMatch(/at |database/i);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: "error", path: "/v1/get-pages/" });
  });
});
