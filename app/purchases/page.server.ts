import { randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { forSignedInPage } from "../auth.server.ts";
import { formatNaira } from "../domain/money.ts";
import { signedIn, signedInForPage } from "../signed-in.server.ts";
import type { Provider } from "../upstream/purchases.server.ts";
import type { FormSchema, PurchaseProduct } from "./product.server.ts";
import type { OfferView } from "./step.ts";
import type { Caller } from "../context.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Every product page's loader: the balance, a fresh one-time purchase key, the providers,
 * and, when the address names one (`?provider=`), what it brings. The address may also
 * fill in the form (`?phone=…`): a default for the person to check, never trusted, since
 * Process and Confirm read only what is posted and price it anew.
 */
export async function loadPurchasePage<
  Schema extends FormSchema,
  VerifySchema extends FormSchema,
  Offer extends object,
>(request: Request, context: Context, product: PurchaseProduct<Schema, VerifySchema, Offer>) {
  const { caller } = signedIn(context);
  const query = new URL(request.url).searchParams;
  const providers = product.providers?.(caller) ?? Promise.resolve([]);
  const [{ user }, [listed, offer]] = await Promise.all([
    signedInForPage(context),
    forSignedInPage(context, Promise.all([providers, offerFor(caller, product, query.get("provider"), providers)])),
  ]);
  return {
    balance: formatNaira(user.profile.walletBalanceKobo),
    formKey: randomUUID(),
    providers: listed,
    offer,
    defaults: formDefaults(query, product.schema),
  };
}

const PROVIDER_ID = /^[1-9]\d{0,9}$/;

/**
 * What `providerId` (as posted or in the address) brings to the form, or null when the
 * product has no offers or the id is not one of today's providers.
 */
export async function offerFor<Offer extends object>(
  caller: Caller,
  product: {
    providers?(caller: Caller): Promise<Provider[]>;
    offer?(caller: Caller, provider: Provider): Promise<Offer>;
  },
  providerId: unknown,
  providers: Promise<Provider[]> | undefined = product.providers?.(caller),
): Promise<OfferView<Offer> | null> {
  if (product.offer === undefined || providers === undefined) return null;
  if (typeof providerId !== "string" || !PROVIDER_ID.test(providerId)) return null;
  const provider = (await providers).find((candidate) => candidate.id === Number(providerId));
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
