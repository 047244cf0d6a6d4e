import { describe, expect, test } from "vitest";
import routes from "../routes.ts";
import { PRODUCT_WORDS } from "../i18n/product-words.ts";
import { locales } from "../i18n/paraglide/runtime.js";
import { buyAgainHref, historyProductOf, type HistoryRow, productOf } from "./buy-again.ts";
import { dueRenewals } from "./due-renewals.ts";
import {
  BULK_PRODUCTS,
  isBulkProduct,
  isProductKey,
  isRenewing,
  isSellingProduct,
  PRODUCT_KEYS,
  type ProductKey,
  productRow,
  savedFieldsOf,
} from "./products.ts";
import { recentNumbers } from "./recent-numbers.ts";
import { renewalsDue } from "./renewals.ts";
import { lastSamePurchaseAge } from "./repeat-purchase.ts";
import { saveOfferOfRow } from "./saved-customers.ts";
import { SELLING_PRODUCTS, soldForByRule } from "./selling-prices.ts";
import { SPEND_PRODUCTS, spendColour } from "./spending.ts";

// The product table (decision 083): each row holds together with the rules that read it, so
// a row added for a new product either works everywhere or fails here first.

const blank: HistoryRow = {
  plan: "",
  description: "",
  description2: "",
  phoneNumber: "",
  smartNo: "",
  meterNo: "",
  subtotal: 0,
};

/** One purchase of each product as the history records it; a new product needs its own. */
const BOUGHT: Record<ProductKey, HistoryRow> = {
  airtime: {
    ...blank,
    plan: "MTN Airtime",
    description: "₦500 MTN airtime to 08031234567",
    phoneNumber: "08031234567",
    subtotal: 500_00,
  },
  data: {
    ...blank,
    plan: "MTN 1GB - 30 Days",
    description: "MTN 1GB - 30 Days to 08031234567",
    phoneNumber: "08031234567",
    subtotal: 300_00,
  },
  cable: {
    ...blank,
    plan: "DStv Compact",
    description: "DStv Compact",
    description2: "Customer: ADA EZE",
    smartNo: "7023456789",
    phoneNumber: "08031234567",
    subtotal: 19_000_00,
  },
  electricity: {
    ...blank,
    plan: "IKEDC",
    description: "Prepaid token",
    meterNo: "45012345678",
    phoneNumber: "08031234567",
    subtotal: 5_000_00,
  },
  exam: {
    ...blank,
    plan: "WAEC Result Checker PIN",
    description: "WAEC",
    phoneNumber: "08031234567",
    subtotal: 3_500_00,
  },
  sms: {
    ...blank,
    plan: "Bulk SMS",
    description: "Bulk SMS from SHOP to 2 numbers",
    phoneNumber: "08031234567,08051234567",
    subtotal: 5_00,
  },
};

/** Every screen's address in app/routes.ts. */
function addresses(entries: readonly { path?: string; children?: unknown }[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const children = Array.isArray(entry.children) ? addresses(entry.children, here) : [];
    return [here, ...children];
  });
}

describe.each(PRODUCT_KEYS)("%s", (product) => {
  const row = productRow(product);
  const bought = BOUGHT[product];

  test("its page is a screen in app/routes.ts", () => {
    expect(addresses(routes)).toContain(row.path);
  });

  test("a purchase of it in the history is told to be it, and Buy again opens its page filled in", () => {
    expect(historyProductOf(bought)).toBe(product);
    expect(productOf(bought)).toBe(product);
    expect(buyAgainHref(bought)).toMatch(new RegExp(`^${row.path}\\?`));
  });

  test("its number is a recent number and a repeat, unless it is for many numbers at once", () => {
    const number = bought[row.customer.column];
    const past = { ...bought, status: 1, createdAt: "2026-11-27T10:00:00Z" };
    const intended = { product, number, faceKobo: bought.subtotal };
    const age = lastSamePurchaseAge([past], intended, Date.parse("2026-11-27T10:01:00Z"));
    if (row.customer.many) {
      expect([recentNumbers([bought], product), age]).toEqual([[], null]);
    } else {
      expect(recentNumbers([bought], product).map((recent) => recent.number)).toEqual([number]);
      expect(age).toBe(60_000);
    }
  });

  test("its saved kinds fill its own number's field, a JAMB profile ID its own", () => {
    const fields = savedFieldsOf(product);
    expect(fields.length).toBeGreaterThan(0);
    for (const [kind, field] of fields) expect(field).toBe(kind === "jamb" ? "profileId" : row.customer.field);
  });

  test("a purchase of it for one number offers that number to save", () => {
    const offer = saveOfferOfRow(row.customer.many ? { ...bought, phoneNumber: "08031234567" } : bought);
    expect(offer?.number).toBe(row.customer.many ? "08031234567" : bought[row.customer.column]);
  });

  test("a shop's price for it sells its value as its row says: per ₦100, added, or not at all", () => {
    // ₦500 of value at a rule of ₦104: ₦520 per ₦100, ₦604 added; bulk SMS has no price.
    const soldFor = soldForByRule(product, 500_00, { [product]: 104_00 });
    const expected = { "per-hundred": 520_00, added: 604_00 } as const;
    expect(soldFor).toBe(row.shopPrice === null ? null : expected[row.shopPrice]);
    expect(SELLING_PRODUCTS.some((selling) => selling === product)).toBe(row.shopPrice !== null);
  });

  test("it is bought in bulk only where it is bought for one phone number", () => {
    expect(isBulkProduct(product)).toBe(row.bulk !== null);
    if (row.bulk !== null) expect([row.customer.field, row.customer.many]).toEqual(["phone", false]);
  });

  test("a customer of it is due a renewal 30 days on where its row renews, on the dashboard by subscription", () => {
    // Bought on 3 Nov 2026 in Lagos: renews on 3 Dec, listed on Due renewals and the dashboard on 1 Dec.
    const past = { ...bought, status: 1, createdAt: "2026-11-03T10:00:00Z" };
    const due = dueRenewals([past], "2026-12-01");
    expect(due.map((renewal) => [renewal.product, renewal.day])).toEqual(
      row.renews === null ? [] : [[product, "2026-12-03"]],
    );
    expect(renewalsDue([past], "2026-12-01").length).toBe(row.renews === "subscription" ? 1 : 0);
  });
});

describe("the table as a whole", () => {
  test("a product told by its number has a column no other product records its number in", () => {
    for (const product of PRODUCT_KEYS) {
      const { history, customer } = productRow(product);
      if (history.by !== "number") continue;
      const sharing = PRODUCT_KEYS.filter((other) => productRow(other).customer.column === customer.column);
      expect(sharing).toEqual([product]);
    }
  });

  test("each product's bars in the spend chart have a colour of their own, and none is Other's", () => {
    const colours = SPEND_PRODUCTS.map(spendColour);
    expect(new Set(colours).size).toBe(SPEND_PRODUCTS.length);
  });

  test("each product has a name of its own in every language, for the history's product filter", () => {
    for (const locale of locales) {
      const names = PRODUCT_KEYS.map((product) => PRODUCT_WORDS[product].name({}, { locale }));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  test("the bulk form has a product to open on", () => {
    expect(BULK_PRODUCTS.length).toBeGreaterThan(0);
  });

  test.each(["funding", "toString", ""])("%j is sold by no rule, bought in bulk by none, renewed by none", (value) => {
    expect([isSellingProduct(value), isBulkProduct(value), isRenewing(value)]).toEqual([false, false, false]);
  });

  test.each([
    ["airtime", true],
    ["sms", true],
    ["funding", false],
    ["toString", false],
    ["", false],
  ])("%j is a product: %s", (value, expected) => {
    expect(isProductKey(value)).toBe(expected);
  });
});
