import { randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { lowBalanceWarning } from "../settings/account-settings.server.ts";
import { forSignedInPage } from "../session/auth.server.ts";
import { planNamed, providerNamed } from "../domain/buy-again.ts";
import { formatNaira } from "../domain/money.ts";
import { networkOf, providerOfNetwork } from "../domain/networks.ts";
import { recentNumbers } from "../domain/recent-numbers.ts";
import { type SavedCustomer, savedEntryText, savedKindsFor } from "../domain/saved-customers.ts";
import { isBulkProduct, productRow, savedFieldsOf } from "../domain/products.ts";
import { examNeedsProfile } from "../domain/service-id.ts";
import { savedCustomers } from "../customers/customers.server.ts";
import type { TransactionRecord } from "../domain/transactions.ts";
import { errorFields, log } from "../infra/log.server.ts";
import { readHistory } from "../history/history.server.ts";
import { signedIn, signedInForPage } from "../session/signed-in.server.ts";
import type { Provider } from "../upstream/purchases.server.ts";
import type { FormSchema, PurchaseProduct } from "./product.server.ts";
import type { OfferView, RecentList, RecentNumberView } from "./step.ts";
import { meterTypeName } from "./words.ts";
import type { Caller } from "../infra/context.ts";
import { m } from "../i18n/paraglide/messages.js";
import { PRODUCT_WORDS } from "../i18n/product-words.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Every product page's loader: the balance and its low-balance warning, a fresh one-time
 * purchase key, the providers, and, when the address names one (`?provider=`), what it brings. The address may also
 * fill in the form (`?phone=…`): a default for the person to check, never trusted, since
 * Process and Confirm read only what is posted and price it anew. Buy again names the
 * provider and plan as the history has them (`?network=MTN&planName=1GB - 30 days`); they
 * are resolved here against today's lists, which the page loads anyway (decision 027).
 */
export async function loadPurchasePage<
  Schema extends FormSchema,
  VerifySchema extends FormSchema,
  Offer extends object,
>(request: Request, context: Context, product: PurchaseProduct<Schema, VerifySchema, Offer>) {
  const { caller } = signedIn(context);
  const query = new URL(request.url).searchParams;
  const providers = product.providers?.(caller) ?? Promise.resolve([]);
  const providerId = providers.then((list) => query.get("provider") ?? namedProviderId(query.get("network"), list));
  const offer = providerId.then((id) => offerFor(caller, product, id, providers));
  // A product for many numbers at once has no recent numbers to read.
  const history = productRow(product.product).customer.many ? Promise.resolve(null) : recentHistory(context, caller);
  const page = signedInForPage(context);
  const [{ user }, [listed, offerView, chosenId], rows, lowBalance, saved] = await Promise.all([
    page,
    forSignedInPage(context, Promise.all([providers, offer, providerId])),
    history,
    page.then(lowBalanceWarning),
    savedCustomers(signedIn(context).user.id, savedKindsFor(product.product)),
  ]);
  const typed = formDefaults(query, product.schema);
  const named: Record<string, string> =
    chosenId !== null && typed["provider"] === undefined ? { provider: chosenId } : {};
  const { defaults, notices } = resolveRepeat(query, product, {
    defaults: { ...typed, ...named },
    providers: listed,
    offer: offerView,
  });
  return {
    balance: formatNaira(user.profile.walletBalanceKobo),
    lowBalance,
    formKey: randomUUID(),
    providers: listed,
    offer: offerView,
    defaults,
    notices,
    recent: rows === null ? null : recentList(rows, product, listed),
    saved: savedList(saved, product, listed),
    /** A product bought in bulk (its row's `bulk`) links to buying for many numbers at once. */
    bulk: isBulkProduct(product.product),
  };
}

/**
 * The person's history (call 36), the page's one read of it; null when it cannot be read, so
 * the recent numbers are left out and the form still works.
 */
function recentHistory(context: Context, caller: Caller): Promise<TransactionRecord[] | null> {
  return readHistory(context, caller).catch((error: unknown) => {
    log("warn", "recent_numbers_unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return null;
  });
}

/** What the recent and saved lists need of a product: its key, and whether its providers are networks. */
type ListedProduct = Pick<PurchaseProduct<FormSchema>, "product" | "networks">;

/**
 * Up to five numbers the person bought this product for, each with the form fields its link
 * fills: the number, a meter's type, and the provider it was bought from, when today's list
 * still has it (a phone's network, decision 080; a smart card's or meter's provider, named).
 */
function recentList(rows: TransactionRecord[], product: ListedProduct, providers: Provider[]): RecentList {
  const { customer } = productRow(product.product);
  const heading = PRODUCT_WORDS[product.product].recentHeading;
  if (heading === null) return null;
  const numbers = recentNumbers(rows, product.product).map(
    ({ number, meterType, customer: name, network }): RecentNumberView => {
      const provider = customer.named
        ? providerNamed(network, providers)
        : phoneNetwork(product, number, network, providers);
      const fields: Record<string, string> = { [customer.field]: number };
      if (meterType) fields["meterType"] = meterType;
      if (provider) fields["provider"] = String(provider.id);
      // A phone's link chooses its network without naming it: the list stays a list of numbers.
      const text = [number, meterTypeName(meterType), customer.named ? provider?.title : "", name]
        .filter(Boolean)
        .join(", ");
      return { text, fields };
    },
  );
  return numbers.length === 0 ? null : { heading: heading(), numbers };
}

/**
 * The person's saved entries this form can use (decision 050), each with the fields its link
 * fills: the number, a meter's type, and the provider today's list has under the saved name
 * (for a JAMB profile ID, the exam that needs one).
 */
function savedList(saved: SavedCustomer[], product: ListedProduct, providers: Provider[]): RecentList {
  const fieldOf = new Map(savedFieldsOf(product.product));
  const numbers = saved.flatMap((entry): RecentNumberView[] => {
    const field = fieldOf.get(entry.kind);
    if (field === undefined) return [];
    const provider =
      entry.kind === "jamb"
        ? (providers.find((candidate) => examNeedsProfile(candidate.title)) ?? null)
        : entry.kind === "phone"
          ? phoneNetwork(product, entry.number, entry.provider, providers)
          : providerNamed(entry.provider, providers);
    const fields: Record<string, string> = { [field]: entry.number };
    if (entry.meterType) fields["meterType"] = entry.meterType;
    if (provider) fields["provider"] = String(provider.id);
    return [{ text: savedEntryText(entry), fields }];
  });
  return numbers.length === 0 ? null : { heading: PRODUCT_WORDS[product.product].savedHeading(), numbers };
}

/**
 * Airtime and data: the network a phone's link chooses, so that without JavaScript the form
 * opens with it chosen and, on the data page, its plans listed (decision 080). The network the
 * phone was bought on (a ported number keeps its network), else the one its number belongs to;
 * null on products whose providers are not networks.
 */
function phoneNetwork(
  product: ListedProduct,
  number: string,
  boughtOn: string,
  providers: Provider[],
): Provider | null {
  if (product.networks === undefined) return null;
  const network = networkOf(number);
  return providerNamed(boughtOn, providers) ?? (network === null ? null : providerOfNetwork(providers, network));
}

function namedProviderId(network: string | null, providers: Provider[]): string | null {
  const provider = network === null ? null : providerNamed(network, providers);
  return provider === null ? null : String(provider.id);
}

/**
 * Buy again's plan (`?planName=`) added to the form's defaults when today's offer still has
 * it; otherwise what the person is told beside the provider or plan field, by field name.
 * The rest of the form stays filled.
 */
function resolveRepeat<Offer extends object>(
  query: URLSearchParams,
  product: Pick<PurchaseProduct<FormSchema, FormSchema, Offer>, "planField">,
  found: { defaults: Record<string, string>; providers: Provider[]; offer: OfferView<Offer> | null },
): { defaults: Record<string, string>; notices: Record<string, string> } {
  const { defaults, providers, offer } = found;
  const notices: Record<string, string> = {};
  const network = query.get("network")?.slice(0, 100);
  const provider = providers.find((candidate) => String(candidate.id) === defaults["provider"]);
  if (network && provider === undefined) {
    notices["provider"] = m.buy_provider_not_found({ network });
  }
  const planName = query.get("planName")?.slice(0, 100);
  const field = product.planField;
  if (!planName || field === undefined || defaults[field.name] !== undefined || provider === undefined) {
    return { defaults, notices };
  }
  const plan =
    offer && offer.providerId === provider.id ? planNamed(planName, provider.title, field.list(offer)) : null;
  if (plan) return { defaults: { ...defaults, [field.name]: plan.code }, notices };
  const gone = field.noun === "plan" ? m.buy_plan_gone : m.buy_variant_gone;
  notices[field.name] = gone({ planName, provider: provider.title });
  return { defaults, notices };
}

const PROVIDER_ID = /^[1-9]\d{0,9}$/;

/**
 * What `providerId` (as posted or in the address) brings to the form, or null when the
 * product has no offers or the id is not one of today's providers. The list is read only
 * when there is an offer to look up, unless the caller already has it (`providers`): a list
 * read and then left unawaited would be calls for nothing, and its failure nobody's.
 */
export async function offerFor<Offer extends object>(
  caller: Caller,
  product: {
    providers?(caller: Caller): Promise<Provider[]>;
    offer?(caller: Caller, provider: Provider): Promise<Offer>;
  },
  providerId: unknown,
  providers?: Promise<Provider[]>,
): Promise<OfferView<Offer> | null> {
  if (product.offer === undefined || product.providers === undefined) return null;
  if (typeof providerId !== "string" || !PROVIDER_ID.test(providerId)) return null;
  const list = await (providers ?? product.providers(caller));
  const provider = list.find((candidate) => candidate.id === Number(providerId));
  if (provider === undefined) return null;
  return { ...(await product.offer(caller, provider)), providerId: provider.id };
}

/** The form's own fields as the address names them, as text: defaults, nothing more. */
function formDefaults(query: URLSearchParams, schema: FormSchema): Record<string, string> {
  const names =
    "shape" in schema && typeof schema.shape === "object" && schema.shape !== null ? Object.keys(schema.shape) : [];
  const defaults: Record<string, string> = {};
  for (const name of names) {
    const value = query.get(name);
    if (value !== null && value.length <= 2_000) defaults[name] = value;
  }
  return defaults;
}
