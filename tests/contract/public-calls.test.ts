// Calls 1 and 2 of docs/upstream-api.md, end to end: the portal's real client against the sandbox
// upstream served over HTTP, plus the raw JSON the sandbox puts on the wire.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../app/infra/log.server.ts", () => ({
  log: () => undefined,
  errorFields: (error: unknown) => ({ error: String(error) }),
}));

import { clearCache } from "../../app/infra/cache.server.ts";
import { getSitePages, getSubcategoryList } from "../../app/upstream/public.server.ts";
import { sitePagesSchema, subcategoryListSchema } from "../../app/upstream/schemas.ts";
import { setUpstreamTarget } from "../../app/upstream/transport.server.ts";
import type { LogEntry } from "../../sandbox/http/log.ts";
import { isRecord, serveSandbox, SUBCATEGORY_KEYS } from "./wire.ts";

const CATEGORIES = [1, 2, 3, 4, 6, 11];
const DISCOUNT_LINE_IDS = [55, 56, 57, 58, 59];
const SITE_PAGE_KEYS = ["about", "contact", "faq", "privacy", "social", "terms", "whatsapp_phone"];
/** The same pages as the client hands them to the portal. */
const PORTAL_PAGE_KEYS = ["about", "contact", "faq", "privacy", "social", "terms", "whatsappPhone"];

const sandboxLog: LogEntry[] = [];
let sent: Request[] = [];

const server = serveSandbox({ folderPrefix: "contract-public-", log: (entry) => sandboxLog.push(entry) });

// Registered after serveSandbox's, so it runs before the server closes (after-hooks run in
// reverse order).
afterAll(() => {
  setUpstreamTarget(undefined);
});

beforeEach(() => {
  clearCache();
  sent = [];
  setUpstreamTarget({
    transport: (request) => {
      sent.push(request);
      return fetch(request);
    },
    baseUrl: server.url,
    assetBase: server.url,
  });
});

afterEach(() => {
  clearCache();
});

async function getRaw(path: string): Promise<{ response: Response; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, { headers: { Accept: "application/json" } });
  const text = await response.text();
  return { response, body: JSON.parse(text) as unknown };
}

function expectPublicRequest(request: Request | undefined, path: string): void {
  expect(request).toBeDefined();
  expect(request?.method).toBe("GET");
  expect(request?.url).toBe(`${server.url}${path}`);
  expect(request?.headers.get("accept")).toBe("application/json");
  expect(request?.headers.has("authorization")).toBe(false);
}

describe("call 1: GET /v1/get-pages/", () => {
  it("answers through the real client with the site pages", async () => {
    const pages = await getSitePages("contract-1");
    expect(sent).toHaveLength(1);
    expectPublicRequest(sent[0], "/v1/get-pages/");
    expect(Object.keys(pages).sort()).toEqual(PORTAL_PAGE_KEYS);
    for (const key of PORTAL_PAGE_KEYS) {
      expect(pages[key as keyof typeof pages].length, key).toBeGreaterThan(0);
    }
    expect(pages.contact.split("|")).toHaveLength(3);
    expect(pages.whatsappPhone).toMatch(/^234\d{10}$/);
  });

  it("puts exactly the contract's keys on the wire, as JSON", async () => {
    const { response, body } = await getRaw("/v1/get-pages/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(isRecord(body)).toBe(true);
    if (!isRecord(body)) return;
    expect(Object.keys(body).sort()).toEqual(SITE_PAGE_KEYS);
    for (const key of SITE_PAGE_KEYS) {
      expect(typeof body[key], key).toBe("string");
    }
    expect(sitePagesSchema.safeParse(body).success).toBe(true);

    const contact = String(body["contact"]);
    expect(contact.match(/\|/g)).toHaveLength(2);
    const [address, phone, email] = contact.split("|");
    expect(address?.trim().length).toBeGreaterThan(0);
    expect(phone).toMatch(/^\+?\d[\d ]{6,}$/);
    expect(email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);

    expect(String(body["social"]).match(/\|/g)).toHaveLength(2);
    expect(String(body["whatsapp_phone"])).toMatch(/^234\d{10}$/);
    for (const key of ["about", "faq", "privacy", "terms"]) {
      expect(String(body[key]), key).toMatch(/<[a-z][^>]*>/i);
    }
  });

  it("is cached by the portal: a second read sends no second request", async () => {
    const first = await getSitePages("contract-1a");
    const second = await getSitePages("contract-1b");
    expect(second).toEqual(first);
    expect(sent).toHaveLength(1);
    clearCache();
    await getSitePages("contract-1c");
    expect(sent).toHaveLength(2);
  });
});

describe("call 2: GET /v1/get-subcategory-list/", () => {
  it("answers through the real client with every provider", async () => {
    const list = await getSubcategoryList("contract-2");
    expect(sent).toHaveLength(1);
    expectPublicRequest(sent[0], "/v1/get-subcategory-list/");
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((item) => item.category_id))).toEqual(new Set(CATEGORIES));
    const ids = list.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of DISCOUNT_LINE_IDS) expect(ids).toContain(id);
    for (const item of list) {
      expect(item.image, `image of ${item.id}`).toMatch(/^\//);
      expect(Number.isFinite(item.amount)).toBe(true);
      expect(item.products.length, `products of ${item.id}`).toBeGreaterThan(0);
    }
  });

  it("puts an array of Subcategory on the wire, as JSON", async () => {
    const { response, body } = await getRaw("/v1/get-subcategory-list/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(Array.isArray(body)).toBe(true);
    if (!Array.isArray(body)) return;
    expect(subcategoryListSchema.safeParse(body).success).toBe(true);
    expect(body.length).toBeGreaterThan(0);

    const categories = new Set<unknown>();
    const ids: unknown[] = [];
    for (const item of body) {
      expect(isRecord(item)).toBe(true);
      if (!isRecord(item)) continue;
      const label = `subcategory ${String(item["id"])}`;
      expect(Object.keys(item).sort(), label).toEqual(SUBCATEGORY_KEYS);
      expect(Number.isInteger(item["id"]), label).toBe(true);
      expect(typeof item["key"], label).toBe("string");
      expect(String(item["key"]).length, label).toBeGreaterThan(0);
      expect(typeof item["title"], label).toBe("string");
      expect(String(item["title"]).length, label).toBeGreaterThan(0);
      expect(typeof item["image"], label).toBe("string");
      expect(String(item["image"]), label).toMatch(/^\/\S+$/);
      expect(CATEGORIES, label).toContain(item["category_id"]);
      expect(typeof item["amount"], label).toBe("number");
      expect(Number.isFinite(item["amount"]), label).toBe(true);
      expect(typeof item["description"], label).toBe("string");
      expect(Array.isArray(item["products"]), label).toBe(true);
      const products: unknown[] = Array.isArray(item["products"]) ? item["products"] : [];
      expect(products.length, label).toBeGreaterThan(0);
      for (const product of products) {
        expect(isRecord(product), label).toBe(true);
        if (!isRecord(product)) continue;
        expect(typeof product["amount1"], label).toBe("number");
        if ("plan" in product) expect(typeof product["plan"], label).toBe("string");
      }
      categories.add(item["category_id"]);
      ids.push(item["id"]);
    }
    expect(new Set(categories)).toEqual(new Set(CATEGORIES));
    for (const id of DISCOUNT_LINE_IDS) expect(ids).toContain(id);
  });

  it("prices category 1 plan lists in naira and gives other providers their discount as the product", async () => {
    const { body } = await getRaw("/v1/get-subcategory-list/");
    const list = subcategoryListSchema.parse(body);
    for (const item of list) {
      if (item.category_id === 1 && !DISCOUNT_LINE_IDS.includes(item.id)) {
        for (const product of item.products) {
          expect(typeof product.plan, `plan of ${item.id}`).toBe("string");
          expect(product.amount1, `price of ${item.id}`).toBeGreaterThan(0);
        }
      } else {
        for (const product of item.products) {
          expect(product.amount1, `discount of ${item.id}`).toBeGreaterThanOrEqual(0);
          expect(product.amount1, `discount of ${item.id}`).toBeLessThan(100);
        }
      }
    }
  });

  it("serves every image it references, as SVG", async () => {
    const list = await getSubcategoryList("contract-2-images");
    const images = [...new Set(list.map((item) => item.image))];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const response = await fetch(`${server.url}${image}`);
      expect(response.status, image).toBe(200);
      expect(response.headers.get("content-type"), image).toBe("image/svg+xml");
      const text = await response.text();
      expect(text, image).toContain("<svg");
    }
  });
});

describe("envelopes", () => {
  it("answers an unknown path with the 404 envelope", async () => {
    const { response, body } = await getRaw("/v1/no-such-call/");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(isRecord(body)).toBe(true);
    if (!isRecord(body)) return;
    expect(Object.keys(body).sort()).toEqual(["message", "status"]);
    expect(body["status"]).toBe(404);
    expect(typeof body["message"]).toBe("string");
    expect(String(body["message"]).length).toBeGreaterThan(0);
  });

  it("logs the requests it served", async () => {
    await getSitePages("contract-log");
    expect(sandboxLog).toContainEqual(
      expect.objectContaining({ event: "request", method: "GET", path: "/v1/get-pages/", status: 200 }),
    );
  });
});
