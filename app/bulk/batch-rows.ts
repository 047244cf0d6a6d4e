import { boughtByAmount, type BulkProduct, isBulkProduct } from "../domain/products.ts";
import { type PriceRules, soldForByRule } from "../domain/selling-prices.ts";
import type { PurchaseOrder } from "../upstream/orders.ts";
import type { Batch, BatchRow } from "./batches.server.ts";
import type { Review } from "./review.server.ts";

// A confirmed review as the batch it starts (decision 030): each row to buy with its order and
// price, each row left out with its reason. A row to buy carries what the shop sells it for by
// its price rule at Confirm (decision 085), as a single purchase's confirmation fills in Sold
// for: airtime at its price per ₦100 of the row's value, data at the markup on its plan's value.
// A row without a rule sells for nothing recorded.

export function batchRowsOf(review: Review, rules: PriceRules): Pick<Batch, "rows" | "leftOut"> {
  return {
    rows: review.rows.flatMap((row): BatchRow[] =>
      row.order === null || row.phone === null
        ? []
        : [
            {
              row: row.row,
              phone: row.phone,
              network: row.network,
              item: row.item,
              chargeKobo: row.chargeKobo,
              soldForKobo: soldForByRule(review.product, row.faceKobo, rules),
              order: row.order,
              outcome: "not-started",
              message: "",
              transactionId: null,
            },
          ],
    ),
    leftOut: review.rows.flatMap((row) =>
      row.order === null || row.phone === null
        ? [{ row: row.row, text: row.phone ?? row.text, network: row.network, reason: row.problem ?? "" }]
        : [],
    ),
  };
}

/** An order of a product bought in bulk: what a batch's rows hold. */
export type BulkOrder = Extract<PurchaseOrder, { product: BulkProduct }>;

export function isBulkOrder(order: PurchaseOrder): order is BulkOrder {
  return isBulkProduct(order.product);
}

/** An order given an amount, as its product's row buys in bulk (decision 092); else one given a plan. */
export function isAmountOrder(
  order: PurchaseOrder,
): order is Extract<PurchaseOrder, { product: BulkProduct<"amount"> }> {
  return isBulkProduct(order.product) && boughtByAmount(order.product);
}
