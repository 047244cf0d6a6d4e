import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The settings notification at the top centre. CSS hides it after 5 seconds with or
 * without JavaScript; with JavaScript it can be dismissed at once.
 */
export function DashboardNotice({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || !text) return null;
  return (
    <div className="dashboard-notice" role="status">
      <p>{text}</p>
      {hydrated ? (
        <button type="button" className="toast-close" aria-label="Dismiss notice" onClick={() => setDismissed(true)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
