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
  },
  data: {
    path: "/dashboard/purchase-data",
    customer: { field: "phone", column: "phoneNumber", saved: { phone: "phone" }, many: false, named: false },
    history: { by: "words", words: /\b\d+(\.\d+)?\s?(mb|gb|tb)\b|\bdata\b/i },
    repeat: (row) => ({ network: dataNetwork(row), planName: row.plan.trim(), phone: row.phoneNumber.trim() }),
    saidByPlan: true,
    colour: "#1f5fbf",
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
  },
  sms: {
    path: "/dashboard/send-sms",
    customer: { field: "phones", column: "phoneNumber", saved: { phone: "phones" }, many: true, named: false },
    history: { by: "words", words: /\bbulk sms\b/i, outranks: true },
    repeat: (row) => ({ sender: senderOf(row), phones: row.phoneNumber.trim() }),
    saidByPlan: false,
    colour: "#4b5563",
  },
} satisfies Record<ProductKey, ProductRow>;

/** A product's row, typed as every row is (the table's own entries are narrower). */
export function productRow(product: ProductKey): ProductRow {
  return PRODUCTS[product];
}

export function isProductKey(value: string): value is ProductKey {
  return (PRODUCT_KEYS as readonly string[]).includes(value);
}

/** The saved kinds a product's form lists, the main number's first, each with the field it fills. */
export function savedFieldsOf(product: ProductKey): [SavedKind, CustomerField][] {
  return Object.entries(productRow(product).customer.saved) as [SavedKind, CustomerField][];
}
