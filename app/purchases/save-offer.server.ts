import { savedNameOf } from "../customers/customers.server.ts";
import { type SaveOffer, savedNumber, type SavedKind } from "../domain/saved-customers.ts";
import type { Caller } from "../infra/context.ts";
import { errorFields, log } from "../infra/log.server.ts";
import type { PurchaseOrder } from "../upstream/orders.ts";
import type { Provider } from "../upstream/purchases.server.ts";

// "Save this number" on a purchase's result (decision 050): what the purchase was for, offered
// to be kept under a name, unless it is kept already.

function offer(kind: SavedKind, typed: string, provider = "", meterType = ""): SaveOffer | null {
  const read = savedNumber(kind, typed);
  return "number" in read ? { kind, number: read.number, provider, meterType } : null;
}

/** What an order was for, with its provider's title; null for SMS to several numbers. */
function offerOf(order: PurchaseOrder, providerTitle: string): SaveOffer | null {
  switch (order.product) {
    case "airtime":
    case "data":
      return offer("phone", order.phoneNumber);
    case "sms":
      return order.recipients.length === 1 ? offer("phone", order.recipients[0] ?? "") : null;
    case "cable":
      return offer("card", order.smartNo, order.providerTitle);
    case "electricity":
      return providerTitle ? offer("meter", order.meterNo, providerTitle, order.meterType) : null;
    case "exam":
      return order.profileId ? offer("jamb", order.profileId) : offer("phone", order.phone);
  }
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
    // An electricity order names its company by service id; the offer keeps its title.
    const listed = order.product === "electricity" ? await product.providers?.(caller) : undefined;
    const title = listed?.find((provider) => provider.id === order.subcategoryId)?.title ?? "";
    const found = offerOf(order, title);
    if (found === null || (await savedNameOf(accountId, found.kind, found.number)) !== null) return null;
    return found;
  } catch (error) {
    log("warn", "save_offer_unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return null;
  }
}
