import { useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Toast } from "../session.server.ts";

/**
 * A flash message from the server. CSS hides it after 3 seconds with or without
 * JavaScript, unless it carries a link to follow; with JavaScript it can also be
 * dismissed at once.
 */
export function ToastBanner({ toast }: { toast: Toast }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className="toast" data-type={toast.type} data-persistent={toast.link ? "" : undefined} role={toast.type === "error" ? "alert" : "status"}>
      <p>
        {toast.message}
        {toast.link ? (
          <>
            {" "}
            <Link to={toast.link.href}>{toast.link.label}</Link>
          </>
        ) : null}
      </p>
      {hydrated ? (
        <button type="button" className="toast-close" aria-label="Dismiss message" onClick={() => setDismissed(true)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
