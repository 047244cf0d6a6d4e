import type { RouterContextProvider } from "react-router";
import { orderGateway } from "../payments/config.server.ts";
import { type ReturnState, startCheckout } from "../payments/checkout.server.ts";
import type { User } from "../upstream/schemas.ts";

export { GATEWAY_DOWN } from "../payments/checkout.server.ts";

/**
 * Airtime or data paid by card: the order's reference from the upstream, then the checkout
 * (app/payments/checkout.server.ts). Null when the gateway could not open one: nothing was
 * paid, so the caller brings the confirmation back with GATEWAY_DOWN.
 */
export function startCardOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  order: { user: User; reference: string; amountKobo: number; description: string; backTo: string },
): Promise<Response | null> {
  const state: ReturnState = {
    userId: order.user.id,
    purpose: "order",
    reference: order.reference,
    amountKobo: order.amountKobo,
    backTo: order.backTo,
  };
  return startCheckout(orderGateway(), request, context, { state, description: order.description, user: order.user });
}
