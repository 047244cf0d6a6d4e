import { useState } from "react";
import { formatNaira, parseTypedNaira } from "../domain/money.ts";
import { lossKobo } from "../domain/selling-prices.ts";
import type { SoldForView } from "../purchases/step.ts";
import { m } from "../i18n/paraglide/messages.js";
import { ErrorList } from "./form-parts.tsx";

// The confirmation's "Sold for" (decision 085): what the reseller's customer pays, prefilled from
// the shop's price. A price below what the wallet pays is allowed, and said: on the server for
// the price shown, and with JavaScript again as the person types.

export function SoldForField({ soldFor }: { soldFor: SoldForView }) {
  const [typed, setTyped] = useState(soldFor.value);
  const price = parseTypedNaira(typed);
  const loss = price === null ? 0 : lossKobo(price, soldFor.chargeKobo);
  const errors = soldFor.error === null || typed !== soldFor.value ? undefined : [soldFor.error];
  return (
    <div className="field sold-for">
      <label htmlFor="sold-for">{m.shop_sold_for_label()}</label>{" "}
      <input
        id="sold-for"
        name="soldFor"
        inputMode="decimal"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? "sold-for-hint sold-for-error" : "sold-for-hint"}
      />{" "}
      <small id="sold-for-hint">{m.shop_sold_for_hint()}</small> <ErrorList id="sold-for-error" errors={errors} />
      {price !== null && loss > 0 ? (
        <p className="notice" role="status">
          {m.shop_sold_for_loss({
            price: formatNaira(price),
            loss: formatNaira(loss),
            charge: formatNaira(soldFor.chargeKobo),
          })}
        </p>
      ) : null}
    </div>
  );
}
