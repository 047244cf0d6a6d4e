import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PrintButton } from "./print-button.tsx";
import { m } from "../i18n/paraglide/messages.js";

/**
 * Giving a receipt to a customer (decision 044): WhatsApp with the customer copy as the
 * message (a plain link, so it works without JavaScript), Print, and Copy for a token.
 */
export function ReceiptShare({ whatsApp, token }: { whatsApp: string; token: string }) {
  return (
    <div className="button-row no-print">
      <a className="button secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
        {m.buy_share_whatsapp()}
      </a>
      <PrintButton />
      {token ? <CopyTokenButton token={token} /> : null}
    </div>
  );
}

/**
 * With JavaScript, where the browser lets a page write to the clipboard (HTTPS), a button
 * that copies the token as shown; without, the token is there to select.
 */
function CopyTokenButton({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<boolean | null>(null);
  if (!hydrated || !window.isSecureContext || navigator.clipboard === undefined) return null;
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          navigator.clipboard.writeText(token).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {m.buy_copy_token()}
      </button>
      <span role="status">{copied === null ? "" : copied ? m.buy_token_copied() : m.buy_copy_failed()}</span>
    </>
  );
}
