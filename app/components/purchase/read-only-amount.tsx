import { formatNaira } from "../../domain/money.ts";
import { m } from "../../i18n/paraglide/messages.js";

/** The amount a plan or variant sets: shown, never typed, never sent (the server prices it). */
export function ReadOnlyAmount({
  id,
  amountKobo,
  hint,
  waiting,
}: {
  id: string;
  amountKobo: number | undefined;
  hint: string;
  waiting?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{m.buy_amount()}</label>
      <input
        id={id}
        readOnly
        aria-disabled={waiting || undefined}
        value={amountKobo === undefined ? "" : formatNaira(amountKobo)}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`}>{hint}</small>
    </div>
  );
}
