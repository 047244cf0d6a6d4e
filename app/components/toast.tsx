import { type ReactNode, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { AppLink } from "./app-link.tsx";
import { LazySaveNumberForm, LazySendToCustomer } from "./lazy-toast-offers.tsx";
import type { Toast } from "../session/session.server.ts";
import { m } from "../i18n/paraglide/messages.js";

type BannerProps = {
  role: "status" | "alert";
  type?: Toast["type"];
  persistent?: boolean;
  children: ReactNode;
  /** Below the message: a form to act on it. */
  after?: ReactNode;
};

/**
 * A message that CSS hides after its time (app.css), and its ×. Without JavaScript it sits at
 * the top of the page, above the header; with it, it floats at the bottom of the screen, clear
 * of the header and the menu (decision 045). The × is a checkbox, so it works without
 * JavaScript: CSS hides the banner once it is checked; without CSS it is a checkbox with its
 * words beside it, never a bare box. With JavaScript the banner is also taken out of the
 * page, which covers browsers whose CSS cannot select a parent by its child (`:has`).
 */
function DismissibleBanner({ role, type, persistent, children, after }: BannerProps) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className="toast" data-type={type} data-persistent={persistent ? "" : undefined} role={role}>
      <p>{children}</p>
      {after}
      <label className="toast-close">
        <input type="checkbox" onChange={() => setDismissed(true)} />
        {/* The × is drawn by CSS over words it hides, which name the box, and show beside it without CSS. */}
        <span aria-hidden="true" /> <span className="visually-hidden">{m.buy_dismiss()}</span>
      </label>
    </div>
  );
}

// The root loader sends a new object for every flash, even one with the same words: a new
// flash gets a banner of its own, with its timer started again and not dismissed.
const flashKeys = new WeakMap<Toast, number>();
let lastFlashKey = 0;

function flashKey(toast: Toast): number {
  const known = flashKeys.get(toast);
  if (known !== undefined) return known;
  lastFlashKey += 1;
  flashKeys.set(toast, lastFlashKey);
  return lastFlashKey;
}

/**
 * A flash message from the server. CSS hides it after 3 seconds, unless it carries a link to
 * follow; it can be dismissed at once, with or without JavaScript. Errors are alerts.
 */
export function ToastBanner({ toast }: { toast: Toast }) {
  const { pathname } = useLocation();
  return (
    <DismissibleBanner
      key={flashKey(toast)}
      role={toast.type === "error" ? "alert" : "status"}
      type={toast.type}
      persistent={toast.link !== undefined || toast.save !== undefined || toast.send !== undefined}
      after={
        toast.send || toast.save ? (
          <Suspense fallback={null}>
            {toast.send ? <LazySendToCustomer send={toast.send} /> : null}
            {toast.save ? <LazySaveNumberForm offer={toast.save} back={pathname} id="toast-save-name" folded /> : null}
          </Suspense>
        ) : null
      }
    >
      {toast.message}
      {toast.link ? (
        <>
          {" "}
          <AppLink to={toast.link.href}>{toast.link.label}</AppLink>
        </>
      ) : null}
      {toast.detail ? (
        <>
          <br />
          <small>{toast.detail}</small>
        </>
      ) : null}
    </DismissibleBanner>
  );
}
