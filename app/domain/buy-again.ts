// Buy again and recent numbers (decision 027), and the transactions page's product filter: what a
// history row says was bought, told from its plan, description and number fields, since a
// transaction carries no product or provider id (call 36, docs/upstream-api.md). Buy again's answer only
// fills a form: the product page resolves the names against today's lists, and Process prices
// everything anew (decision 027).

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

export type RepeatProduct = "airtime" | "data" | "cable" | "electricity" | "exam" | "sms";

export const PRODUCT_PATHS = {
  airtime: "/dashboard/purchase-airtime",
  data: "/dashboard/purchase-data",
  cable: "/dashboard/pay-for-tv",
  electricity: "/dashboard/pay-for-electricity",
  exam: "/dashboard/purchase-exam-pins",
  sms: "/dashboard/send-sms",
} as const satisfies Record<RepeatProduct, string>;

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

export type Repeat = { product: RepeatProduct; query: RepeatQuery };

const AIRTIME = /\bairtime\b/i;
const SMS = /\bbulk sms\b/i;
const EXAM = /\b(waec|neco|nabteb|jamb|utme|result checker)\b/i;
const DATA = /\b\d+(\.\d+)?\s?(mb|gb|tb)\b|\bdata\b/i;
const METER_TYPE = /\b(prepaid|postpaid)\b/i;
const PROFILE_ID = /\bprofile id\s*:?\s*(\d{6,20})\b/i;
// Money into the wallet, as the sandbox and real upstreams word it: "Wallet funding of ₦5,000.00
// by card", "Card funding ₦2,000.00", "Bank transfer to Wema Bank …", "Manual payment of …".
const FUNDING =
  /\b(wallet funding|card funding|wallet top-?up|fund(ed|ing)? (your |the )?wallet|bank transfer|manual payment)\b/i;
const SENDER = /^bulk sms from\s+([A-Za-z0-9 &.-]{1,11}?)\s+to\b/i;
/** A provider's name is short; anything longer is not one. */
const NAME_LENGTH = 40;

/** What a history row can be: a product a form buys, or money into the wallet. */
export type HistoryProduct = RepeatProduct | "funding";

/**
 * What a row reads as, or null when it cannot be told for certain (a row that reads like two
 * products, or like none). A meter number is electricity, a smart card cable; otherwise its
 * plan and description must name exactly one product, and a wallet funding names none.
 */
export function historyProductOf(row: HistoryRow): HistoryProduct | null {
  if (row.meterNo.trim()) return "electricity";
  if (row.smartNo.trim()) return "cable";
  const text = `${row.plan} ${row.description}`;
  if (SMS.test(text)) return "sms";
  const candidates = (
    [
      ["airtime", AIRTIME],
      ["exam", EXAM],
      ["data", DATA],
    ] as const
  ).filter(([, pattern]) => pattern.test(text));
  const [only, ...others] = candidates;
  if (only === undefined) return FUNDING.test(text) ? "funding" : null;
  return others.length > 0 ? null : only[0];
}

/** A row that says it is money into the wallet ("Wallet funding of …", "Bank transfer to …"). */
export function readsAsFunding(row: Pick<HistoryRow, "plan" | "description">): boolean {
  return FUNDING.test(`${row.plan} ${row.description}`);
}

/**
 * The product a row was, or null when it cannot be told for certain: a row that reads like
 * two products, or like none (a wallet funding), gets no link rather than a wrong one.
 */
export function productOf(row: HistoryRow): RepeatProduct | null {
  const product = historyProductOf(row);
  if (product === null || product === "funding") return null;
  // A phone product without a phone is not one the history recorded in full.
  if ((product === "airtime" || product === "exam" || product === "data") && !row.phoneNumber.trim()) return null;
  return product;
}

/** What Buy again fills in for a row, or null when its product cannot be told. */
export function repeatOf(row: HistoryRow): Repeat | null {
  const product = productOf(row);
  if (product === null) return null;
  const phone = row.phoneNumber.trim();
  switch (product) {
    case "airtime":
      return repeat(product, { network: airtimeNetwork(row), phone, amount: nairaText(row.subtotal) });
    case "data":
      return repeat(product, { network: dataNetwork(row), planName: row.plan.trim(), phone });
    case "cable":
      return repeat(product, {
        network: firstWord(row.plan) || firstWord(row.description),
        // A top-up without a plan ("STARTIMES top-up") names no plan to choose.
        planName: /\btop-?up\b/i.test(row.plan) ? "" : row.plan.trim(),
        smartNo: row.smartNo.trim(),
        phone,
      });
    case "electricity":
      return repeat(product, {
        network: METER_TYPE.test(row.plan) ? firstWord(row.description) : firstWord(row.plan),
        meterNo: row.meterNo.trim(),
        meterType: meterTypeOf(row),
        phone,
        amount: nairaText(row.subtotal),
      });
    case "exam":
      return repeat(product, {
        network: firstWord(row.plan) || firstWord(row.description),
        planName: row.plan.trim(),
        profileId: PROFILE_ID.exec(row.description2)?.[1] ?? "",
        phone,
      });
    case "sms":
      return repeat(product, { sender: SENDER.exec(row.description.trim())?.[1] ?? "", phones: phone });
  }
}

/** The product page's address with the row's details filled in, or null. */
export function buyAgainHref(row: HistoryRow): string | null {
  const found = repeatOf(row);
  if (found === null) return null;
  const query = new URLSearchParams(
    Object.entries(found.query).filter((entry): entry is [string, string] => !!entry[1]),
  );
  const search = query.toString();
  return search ? `${PRODUCT_PATHS[found.product]}?${search}` : PRODUCT_PATHS[found.product];
}

function repeat(product: RepeatProduct, query: RepeatQuery): Repeat {
  const kept: RepeatQuery = {};
  for (const [name, value] of Object.entries(query) as [keyof RepeatQuery, string | undefined][]) {
    if (value) kept[name] = value;
  }
  return { product, query: kept };
}

/** "MTN Airtime" or "₦500 MTN airtime to 0803…": the words before "airtime". */
function airtimeNetwork(row: HistoryRow): string {
  for (const text of [row.plan, row.description.replace(/^₦?\s?[\d,]+(\.\d+)?\s+/, "")]) {
    const name = /^(.+?)\s+airtime\b/i.exec(text.trim())?.[1]?.trim();
    if (name && name.length <= NAME_LENGTH) return name;
  }
  return "";
}

/**
 * "MTN SME 1GB - 30 days data bundle to …" with plan "1GB - 30 days": the words before the
 * plan; or "MTN 1GB - 30 Days" as the plan: the words before the size.
 */
function dataNetwork(row: HistoryRow): string {
  const plan = row.plan.trim();
  const at = plan ? row.description.toLowerCase().indexOf(plan.toLowerCase()) : -1;
  if (at > 0) {
    const before = row.description.slice(0, at).trim();
    if (before.length <= NAME_LENGTH && !before.includes(":")) return before;
  }
  const [first, ...rest] = plan.split(/\s+/);
  if (first === undefined || /^\d/.test(first)) return "";
  const name = [first];
  for (const word of rest) {
    if (/^\d/.test(word)) return name.join(" ");
    name.push(word);
  }
  // No size in the plan: where the name ends cannot be told.
  return "";
}

/** "IKEDC - Ikeja Electric" or "DStv Compact": the first word, letters and digits only. */
function firstWord(text: string): string {
  const word = /^[\p{L}\p{N}]+/u.exec(text.trim())?.[0] ?? "";
  return word.length <= NAME_LENGTH ? word : "";
}

function meterTypeOf(row: HistoryRow): string {
  const found = METER_TYPE.exec(row.plan) ?? METER_TYPE.exec(row.description);
  return found?.[1]?.toLowerCase() ?? "";
}

/** Kobo as the amount field takes it: "500", "1500.50". */
function nairaText(kobo: number): string {
  if (!Number.isSafeInteger(kobo) || kobo <= 0) return "";
  const naira = Math.floor(kobo / 100);
  const rest = kobo % 100;
  return rest === 0 ? String(naira) : `${naira}.${String(rest).padStart(2, "0")}`;
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
