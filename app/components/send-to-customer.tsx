import { localMobile } from "../domain/phone.ts";
import { smsHref, whatsAppToHref } from "../domain/send-to-customer.ts";
import { m } from "../i18n/paraglide/messages.js";

/**
 * Sending a purchase to the customer's own number (decision 086): a WhatsApp chat with that
 * number, and an SMS for a feature phone, each with the same short text. Plain links, so they
 * work without JavaScript; the phone's own apps do the sending.
 */
export function SendToCustomer({ send }: { send: { number: string; text: string } | null | undefined }) {
  if (!send) return null;
  const shown = localMobile(send.number) ?? send.number;
  return (
    <p className="button-row no-print">
      <a
        className="button secondary"
        href={whatsAppToHref(send.number, send.text)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {m.send_whatsapp({ number: shown })}
      </a>
      <a className="button secondary" href={smsHref(send.number, send.text)}>
        {m.send_sms({ number: shown })}
      </a>
    </p>
  );
}
