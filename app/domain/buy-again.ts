import { PRODUCT_KEYS, type ProductKey, productRow } from "./products.ts";

// Buy again and recent numbers (decision 027), and the transactions page's product filter: what a
// history row says was bought, told from its plan, description and number fields, since a
// transaction carries no product or provider id (call 36, docs/upstream-api.md). Buy again's answer only
// fills a form: the product page resolves the names against today's lists, and Process prices
// everything anew (decision 027). What differs by product is its row in app/domain/products.ts.

/** A transaction as far as telling its product goes. */
export type HistoryRow = {
  plan: string;
  description: string;
  description2: string;
  phoneNumber: string;
  smartNo: string;
  meterNo: string;
  /** Face value asked for, in kobo. */
  subtotal: number;
};

/**
 * The query a product page reads as form defaults. `network` and `planName` are names as the
 * history has them; the page resolves them against today's providers and plans.
 */
export type RepeatQuery = Partial<
  Record<
    | "network"
    | "planName"
    | "phone"
    | "amount"
    | "smartNo"
    | "meterNo"
    | "meterType"
    | "profileId"
    | "sender"
    | "phones",
    string
  >
>;

export type Repeat = { product: ProductKey; query: RepeatQuery };

// Money into the wallet, as the sandbox and real upstreams word it: "Wallet funding of ₦5,000.00
// by card", "Card funding ₦2,000.00", "Bank transfer to Wema Bank …", "Manual payment of …".
const FUNDING =
  /\b(wallet funding|card funding|wallet top-?up|fund(ed|ing)? (your |the )?wallet|bank transfer|manual payment)\b/i;

/** What a history row can be: a product a form buys, or money into the wallet. */
export type HistoryProduct = ProductKey | "funding";

/**
 * What a row reads as, or null when it cannot be told for certain (a row that reads like two
 * products, or like none). A product told by its number column is that product when the
 * column is filled (a meter number is electricity, a smart card cable); otherwise the plan and
 * description must name exactly one product, unless one outranks the others (bulk SMS), and a
 * wallet funding names none. Each product's row in app/domain/products.ts says which.
 */
export function historyProductOf(row: HistoryRow): HistoryProduct | null {
  const text = `${row.plan} ${row.description}`;
  const byNumber = PRODUCT_KEYS.find((product) => {
    const { history, customer } = productRow(product);
    return history.by === "number" && row[customer.column].trim() !== "";
  });
  if (byNumber !== undefined) return byNumber;
  const named = PRODUCT_KEYS.filter((product) => {
    const { history } = productRow(product);
    return history.by === "words" && history.words.test(text);
  });
  const outranking = named.find((product) => {
    const { history } = productRow(product);
    return history.by === "words" && history.outranks === true;
  });
  if (outranking !== undefined) return outranking;
  const [only, ...others] = named;
  if (only === undefined) return FUNDING.test(text) ? "funding" : null;
  return others.length > 0 ? null : only;
}

/** A row that says it is money into the wallet ("Wallet funding of …", "Bank transfer to …"). */
export function readsAsFunding(row: Pick<HistoryRow, "plan" | "description">): boolean {
  return FUNDING.test(`${row.plan} ${row.description}`);
}

/**
 * The product a row was, or null when it cannot be told for certain: a row that reads like
 * two products, or like none (a wallet funding), gets no link rather than a wrong one.
 */
export function productOf(row: HistoryRow): ProductKey | null {
  const product = historyProductOf(row);
  if (product === null || product === "funding") return null;
  // A product for one number, without that number, is not one the history recorded in full.
  const { customer } = productRow(product);
  if (!customer.many && !row[customer.column].trim()) return null;
  return product;
}

/** What Buy again fills in for a row, or null when its product cannot be told. */
export function repeatOf(row: HistoryRow): Repeat | null {
  const product = productOf(row);
  if (product === null) return null;
  const kept: RepeatQuery = {};
  for (const [name, value] of Object.entries(productRow(product).repeat(row)) as [keyof RepeatQuery, string][]) {
    if (value) kept[name] = value;
  }
  return { product, query: kept };
}

/** The product page's address with the row's details filled in, or null. */
export function buyAgainHref(row: HistoryRow): string | null {
  const found = repeatOf(row);
  if (found === null) return null;
  const query = new URLSearchParams(
    Object.entries(found.query).filter((entry): entry is [string, string] => !!entry[1]),
  );
  const search = query.toString();
  const { path } = productRow(found.product);
  return search ? `${path}?${search}` : path;
}

function normalized(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The one provider of today's list that `name` names: by its title, else by its short name
 * ("IKEDC" for "IKEDC - Ikeja Electric"), ignoring case; null when none or several do.
 */
export function providerNamed<Provider extends { title: string }>(
  name: string,
  providers: readonly Provider[],
): Provider | null {
  const wanted = normalized(name);
  if (!wanted) return null;
  const exact = providers.filter((provider) => normalized(provider.title) === wanted);
  if (exact.length > 0) return exact.length === 1 ? (exact[0] ?? null) : null;
  const short = providers.filter((provider) => normalized(provider.title.split(" - ")[0] ?? "") === wanted);
  return short.length === 1 ? (short[0] ?? null) : null;
}

/**
 * The one plan or variant of today's list that `name` names, with or without the provider's
 * title before it ("MTN 1GB - 30 days", "JAMB UTME PIN (with mock)"); null when none or several.
 */
export function planNamed<Plan extends { name: string }>(
  name: string,
  providerTitle: string,
  plans: readonly Plan[],
): Plan | null {
  const title = normalized(providerTitle);
  const bare = (text: string) => {
    const plain = normalized(text);
    return title && plain.startsWith(`${title} `) ? plain.slice(title.length + 1) : plain;
  };
  const wanted = bare(name);
  if (!wanted) return null;
  const found = plans.filter((plan) => bare(plan.name) === wanted);
  return found.length === 1 ? (found[0] ?? null) : null;
}
