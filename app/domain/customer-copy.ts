// A message handed on by WhatsApp (decision 044): the customer copy of a receipt, or a referral
// link. The copy's own words are built in the request's language by app/history/customer-copy.ts.

/** A WhatsApp link that opens a chat to choose, with `text` ready to send; needs no JavaScript. */
export function whatsAppShareHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
