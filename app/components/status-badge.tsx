import { transactionStatus } from "../domain/labels.ts";
import { statusLabel } from "../history/words.ts";

/** A status's badge: Pending warning, Confirmed success, Failed and Ignored danger, Reversed info. */
export function StatusBadge({ status }: { status: number }) {
  return (
    <span className="badge" data-tone={transactionStatus(status)?.tone ?? "info"}>
      {statusLabel(status)}
    </span>
  );
}
