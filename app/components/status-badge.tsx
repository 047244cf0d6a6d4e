import { transactionStatus } from "../domain/labels.ts";

/** SPEC.md §4's badge: Pending warning, Confirmed success, Failed and Ignored danger, Reversed info. */
export function StatusBadge({ status }: { status: number }) {
  const label = transactionStatus(status);
  return (
    <span className="badge" data-tone={label?.tone ?? "info"}>
      {label?.label ?? `Status ${status}`}
    </span>
  );
}
