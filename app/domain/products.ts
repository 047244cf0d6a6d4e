import type { HistoryRow, RepeatQuery } from "./buy-again.ts";
import {
  airtimeNetwork,
  dataNetwork,
  electricityCompany,
  firstWord,
  meterTypeOf,
  nairaText,
  profileIdOf,
  senderOf,
} from "./row-reading.ts";
import type { SavedKind } from "./saved-customers.ts";

// The products the portal sells, one row each (decision 083): what every rule that differs by
// product reads, so a product is added in one place (docs/adding-a-product.md). A rule asks
// the row (`PRODUCTS[product].customer.column`), never the product's name. Pure data and
// pure functions: the product's words are app/i18n/product-words.ts's, its order on the wire
// app/upstream/orders.ts's, its page a route's.

/** A history column that records the number a purchase was for (call 36). */
export type NumberColumn = "phoneNumber" | "smartNo" | "meterNo";

/** A form field that names who a purchase is for; Buy again's and a recent number's links fill it. */
export type CustomerField = "phone" | "phones" | "smartNo" | "meterNo" | "profileId";

export type ProductRow = {
  /** The product page (its line in app/routes.ts): where Buy again and the purchase kit go. */
  path: `/dashboard/${string}`;
  /** Who a purchase is for: its number, where the form and the history keep it. */
  customer: {
    /** The form field the number is typed in. */
    field: Exclude<CustomerField, "profileId">;
    /** The history column that records it. */
    column: NumberColumn;
    /**
     * The saved kinds its form lists (decision 050), the main number's first, each with the
     * field an entry of that kind fills. A purchase offers to save the first it has.
     */
    saved: Readonly<Partial<Record<SavedKind, CustomerField>>>;
    /**
     * Several numbers at once (bulk SMS): none is a "recent number", and the same purchase a
     * moment ago is not looked for (decision 044).
     */
    many: boolean;
    /** The history names the customer in its second description ("Customer: NGOZI EZE"). */
    named: boolean;
  };
  /**
   * How a history row is told to be this product (decision 027). `number`: its own number
   * column is filled (a meter number is electricity). `words`: its plan and description say
   * so, and name no other product; with `outranks`, even when they name another too
   * ("Bulk SMS from SHOP: airtime is cheap").
   */
  history: { by: "number" } | { by: "words"; words: RegExp; outranks?: true };
  /** What Buy again fills in from a row told to be this product: names as the history has them. */
  repeat(row: HistoryRow): RepeatQuery;
  /** A plan's name says what was bought (data, cable, exam); the others are said by their value (decision 079). */
  saidByPlan: boolean;
  /** Its bars' colour in the dashboard's spend chart (decision 033). */
  colour: `#${string}`;
  /**
   * How a shop prices it for its customer (decision 085): `per-hundred`, a price per ₦100 of
   * face value ("₦104 per ₦100"; airtime); `added`, an amount added to the value (a markup on
   * a data plan, a service fee); null, no price (bulk SMS): no field on Selling prices, no Sold for.
   */
  shopPrice: "per-hundred" | "added" | null;
  /**
   * Bought for many numbers at once on the bulk page (decision 030), and what each number's
   * purchase is given: an `amount` (typed once for all, or per row; airtime's discount and
   * limits) or a `plan` (one per network, or a code per row; data's plans). Null: not bought in
   * bulk. The bulk feature prices each way with its own upstream calls, so a new product takes
   * one only where those calls and its order's shape fit; the compiler checks the shape.
   */
  bulk: "amount" | "plan" | null;
  /**
   * Whether its customers buy it again month by month (decision 086: Due renewals lists them
   * 30 days on); `subscription`: what was bought runs out then, so the dashboard says when
   * (decision 052). Null: not renewed.
   */
  renews: "subscription" | "monthly" | null;
};

/**
 * Every product, in the order menus, filters, charts and statements list them in. A list of its
 * own beside the table, so that a browser script that only names the products (a filter's
 * choices) does not carry the table's rules and patterns (decision 083); the compiler asks for
 * a row of PRODUCTS for each.
 */
export const PRODUCT_KEYS = ["airtime", "data", "cable", "electricity", "exam", "sms"] as const;

/** A product the portal sells: a row of PRODUCTS. */
export type ProductKey = (typeof PRODUCT_KEYS)[number];

export const PRODUCTS = {
  airtime: {
    path: "/dashboard/purchase-airtime",
    customer: { field: "phone", column: "phoneNumber", saved: { phone: "phone" }, many: false, named: false },
    history: { by: "words", words: /\bairtime\b/i },
    repeat: (row) => ({ network: airtimeNetwork(row), phone: row.phoneNumber.trim(), amount: nairaText(row.subtotal) }),
    saidByPlan: false,
    colour: "#0b6e4f",
    shopPrice: "per-hundred",
    bulk: "amount",
    renews: null,
  },
  data: {
    path: "/dashboard/purchase-data",
    customer: { field: "phone", column: "phoneNumber", saved: { phone: "phone" }, many: false, named: false },
    history: { by: "words", words: /\b\d+(\.\d+)?\s?(mb|gb|tb)\b|\bdata\b/i },
    repeat: (row) => ({ network: dataNetwork(row), planName: row.plan.trim(), phone: row.phoneNumber.trim() }),
    saidByPlan: true,
    colour: "#1f5fbf",
    shopPrice: "added",
    bulk: "plan",
    renews: null,
  },
  cable: {
    path: "/dashboard/pay-for-tv",
    customer: { field: "smartNo", column: "smartNo", saved: { card: "smartNo" }, many: false, named: true },
    history: { by: "number" },
    repeat: (row) => ({
      network: firstWord(row.plan) || firstWord(row.description),
      // A top-up without a plan ("STARTIMES top-up") names no plan to choose.
      planName: /\btop-?up\b/i.test(row.plan) ? "" : row.plan.trim(),
      smartNo: row.smartNo.trim(),
      phone: row.phoneNumber.trim(),
    }),
    saidByPlan: true,
    colour: "#8a3ffc",
    shopPrice: "added",
    bulk: null,
    renews: "subscription",
  },
  electricity: {
    path: "/dashboard/pay-for-electricity",
    customer: { field: "meterNo", column: "meterNo", saved: { meter: "meterNo" }, many: false, named: true },
    history: { by: "number" },
    repeat: (row) => ({
      network: electricityCompany(row),
      meterNo: row.meterNo.trim(),
      meterType: meterTypeOf(row),
      phone: row.phoneNumber.trim(),
      amount: nairaText(row.subtotal),
    }),
    saidByPlan: false,
    colour: "#b35c00",
    shopPrice: "added",
    bulk: null,
    renews: "monthly",
  },
  exam: {
    path: "/dashboard/purchase-exam-pins",
    customer: {
      field: "phone",
      column: "phoneNumber",
      saved: { jamb: "profileId", phone: "phone" },
      many: false,
      named: false,
    },
    history: { by: "words", words: /\b(waec|neco|nabteb|jamb|utme|result checker)\b/i },
    repeat: (row) => ({
      network: firstWord(row.plan) || firstWord(row.description),
      planName: row.plan.trim(),
      profileId: profileIdOf(row),
      phone: row.phoneNumber.trim(),
    }),
    saidByPlan: true,
    colour: "#a3195b",
    shopPrice: "added",
    bulk: null,
    renews: null,
  },
  sms: {
    path: "/dashboard/send-sms",
    customer: { field: "phones", column: "phoneNumber", saved: { phone: "phones" }, many: true, named: false },
    history: { by: "words", words: /\bbulk sms\b/i, outranks: true },
    repeat: (row) => ({ sender: senderOf(row), phones: row.phoneNumber.trim() }),
    saidByPlan: false,
    colour: "#4b5563",
    shopPrice: null,
    bulk: null,
    renews: null,
  },
} satisfies Record<ProductKey, ProductRow>;

type Rows = typeof PRODUCTS;

/** A product a shop sets a price for (decision 085): its row has a `shopPrice`. */
export type SellingProduct = { [K in ProductKey]: Rows[K]["shopPrice"] extends null ? never : K }[ProductKey];

/** How a bulk row's purchase is given: an amount or a plan. */
export type BulkWay = NonNullable<ProductRow["bulk"]>;

/** A product bought in bulk (decision 030); `BulkProduct<"amount">`, one bought there by an amount. */
export type BulkProduct<Way extends BulkWay = BulkWay> = {
  [K in ProductKey]: Rows[K]["bulk"] extends Way ? K : never;
}[ProductKey];

/** A product its customers renew (decision 086): its row `renews`. */
export type RenewingProduct = { [K in ProductKey]: Rows[K]["renews"] extends null ? never : K }[ProductKey];

/** A product's row, typed as every row is (the table's own entries are narrower). */
export function productRow(product: ProductKey): ProductRow {
  return PRODUCTS[product];
}

export function isProductKey(value: string): value is ProductKey {
  return (PRODUCT_KEYS as readonly string[]).includes(value);
}

export function isSellingProduct(product: string): product is SellingProduct {
  return isProductKey(product) && productRow(product).shopPrice !== null;
}

export function isBulkProduct(product: string): product is BulkProduct {
  return isProductKey(product) && productRow(product).bulk !== null;
}

/** Whether a bulk product's rows are each given an amount (else a plan). */
export function boughtByAmount(product: BulkProduct): product is BulkProduct<"amount"> {
  return productRow(product).bulk === "amount";
}

export function isRenewing(product: string | null): product is RenewingProduct {
  return product !== null && isProductKey(product) && productRow(product).renews !== null;
}

/**
 * The products bought in bulk, in the product list's order: the bulk form's choices, the
 * first chosen when none is named. Marked pure so that a browser script importing this
 * module for the names alone does not carry the table (decision 083).
 */
export const BULK_PRODUCTS: readonly BulkProduct[] = /* @__PURE__ */ PRODUCT_KEYS.filter(isBulkProduct);

/** The saved kinds a product's form lists, the main number's first, each with the field it fills. */
export function savedFieldsOf(product: ProductKey): [SavedKind, CustomerField][] {
  return Object.entries(productRow(product).customer.saved) as [SavedKind, CustomerField][];
}
