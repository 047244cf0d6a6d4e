import type { RouterContextProvider } from "react-router";
import { safeRedirectPath } from "../domain/safe-redirect.ts";
import { lastSamePurchaseAge } from "../domain/repeat-purchase.ts";
import { cardOrderTotalKobo } from "../domain/funding.ts";
import { formatNaira } from "../domain/money.ts";
import { env } from "../infra/env.server.ts";
import { readHistory } from "../history/history.server.ts";
import type { Caller } from "../infra/context.ts";
import { errorFields, log } from "../infra/log.server.ts";
import { orderFaceKobo, orderFor, type PurchaseOrder } from "../upstream/orders.ts";
import type { FormSchema } from "./product.server.ts";
import type { Shortfall } from "./step.ts";
import { repeatNotice } from "./words.ts";

// What the confirmation checks before Confirm is offered (decision 044): whether
// the wallet can pay, and whether the same purchase was made a moment ago.

type Context = Readonly<RouterContextProvider>;

export const FUND_WALLET_PATH = "/dashboard/fund-wallet";

/**
 * The product page with the form's own fields in its address, as Buy again's links are
 * (decision 027): the way back to this purchase after funding. Nothing else the form sent
 * (its verification, its key) goes in: the page opens filled, verifies again and prices anew.
 */
export function purchaseAddress(path: string, schema: FormSchema, values: Readonly<Record<string, string>>): string {
  const names =
    "shape" in schema && typeof schema.shape === "object" && schema.shape !== null ? Object.keys(schema.shape) : [];
  const query = new URLSearchParams();
  for (const name of names) {
    const value = values[name];
    if (value !== undefined && value !== "") query.set(name, value);
  }
  const search = query.toString();
  return search === "" ? path : `${path}?${search}`;
}

/** Fund Wallet, coming back to `back` once the wallet is funded. */
export function fundWalletHref(back: string): string {
  return `${FUND_WALLET_PATH}?${new URLSearchParams({ back: safeRedirectPath(back) }).toString()}`;
}

/**
 * What to tell someone whose wallet cannot pay `chargeKobo`, or null when it can. `card` is
 * the confirmation's pay-by-card choice where the product has one.
 */
export function shortfallOf(
  balanceKobo: number,
  chargeKobo: number,
  back: string,
  card: Shortfall["card"],
): Shortfall | null {
  if (balanceKobo >= chargeKobo) return null;
  return { balance: formatNaira(balanceKobo), charge: formatNaira(chargeKobo), fundWallet: fundWalletHref(back), card };
}

/** What a card pays instead of the wallet, surcharge included, where the product can be paid by card. */
export function cardTotalOf(product: { cardPayment?: object }, order: PurchaseOrder): string | null {
  return product.cardPayment
    ? formatNaira(cardOrderTotalKobo(orderFaceKobo(order), env().CHECKOUT_SURCHARGE_PERCENT))
    : null;
}

/** Starts this request's one read of the history, for repeatWarning, while other calls run. */
export function readHistoryAhead(context: Context, caller: Caller): void {
  // repeatWarning awaits the same read and deals with its failure.
  readHistory(context, caller).catch(() => undefined);
}

/**
 * "You bought this 14 seconds ago…" when the history (this request's one read of it) has the
 * same purchase from the last ten minutes; null when it has none, or cannot be read: the
 * warning is a help, and a failed read must not stop a purchase.
 */
export async function repeatWarning(context: Context, caller: Caller, order: PurchaseOrder): Promise<string | null> {
  try {
    const rows = await readHistory(context, caller);
    const age = lastSamePurchaseAge(
      rows,
      { product: order.product, number: orderFor(order).numbers.join(","), faceKobo: orderFaceKobo(order) },
      Date.now(),
    );
    return age === null ? null : repeatNotice(age);
  } catch (error) {
    log("warn", "purchase.repeat-check-unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return null;
  }
}
