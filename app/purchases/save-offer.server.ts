import { savedNameOf } from "../customers/customers.server.ts";
import { saveOfferOf, type SaveOffer } from "../domain/saved-customers.ts";
import { productRow } from "../domain/products.ts";
import type { Caller } from "../infra/context.ts";
import { errorFields, log } from "../infra/log.server.ts";
import { orderFor, type PurchaseOrder } from "../upstream/orders.ts";
import type { Provider } from "../upstream/purchases.server.ts";

// "Save this number" on a purchase's result (decision 050): what the purchase was for, offered
// to be kept under a name, unless it is kept already.

/**
 * What an order was for, in its form's fields as the product names them, with its provider's
 * title (the order's own, else `listedTitle`); null for SMS to several numbers.
 */
function offerOf(order: PurchaseOrder, listedTitle: string): SaveOffer | null {
  const { numbers, providerTitle, meterType, profileId } = orderFor(order);
  const [number, ...more] = numbers;
  if (number === undefined || more.length > 0) return null;
  const { field } = productRow(order.product).customer;
  return saveOfferOf(order.product, { [field]: number, meterType, profileId }, providerTitle || listedTitle);
}

/**
 * The offer to save what `order` was bought for, or null when it is saved already or cannot
 * be told. Never an error: a purchase's result is shown whatever happens here.
 */
export async function saveOfferFor(
  caller: Caller,
  accountId: number,
  order: PurchaseOrder,
  product: { providers?(caller: Caller): Promise<Provider[]> },
): Promise<SaveOffer | null> {
  try {
    // An order that names its provider by id alone (electricity, by service id) is offered
    // with the provider's title from today's list, where the product saves one.
    const listed = needsListedTitle(order) ? await product.providers?.(caller) : undefined;
    const title = listed?.find((provider) => provider.id === order.subcategoryId)?.title ?? "";
    const found = offerOf(order, title);
    if (found === null || (await savedNameOf(accountId, found.kind, found.number)) !== null) return null;
    return found;
  } catch (error) {
    log("warn", "save_offer_unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return null;
  }
}

function needsListedTitle(order: PurchaseOrder): boolean {
  const kinds = Object.keys(productRow(order.product).customer.saved);
  return orderFor(order).providerTitle === "" && (kinds.includes("meter") || kinds.includes("card"));
}
