import type { GatewayPayment } from "./gateway.ts";
import { returnTarget } from "./gateway.ts";
import { nairaText } from "./money.ts";
import { lagosTime } from "./time.ts";

// The sandbox gateway's hosted checkout, as the tester's browser sees it. Plain HTML with no
// script and no style: in embedded mode the portal serves it under its own Content Security
// Policy, which allows neither inline, and a form of two buttons needs neither.

export function checkoutPage(payment: GatewayPayment, notice?: string): string {
  const amount = nairaText(payment.amountKobo);
  const details = `<dl>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>For</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>Customer</dt><dd>${escapeHtml(payment.customerEmail)}</dd>
<dt>Reference</dt><dd>${escapeHtml(payment.reference)}</dd>
</dl>`;
  const noticeHtml = notice === undefined ? "" : `<p role="alert"><strong>${escapeHtml(notice)}</strong></p>\n`;
  const body =
    payment.status === "pending"
      ? `<p>This is the sandbox's simulated card checkout: no card is asked for and no money moves. Choose Pay to
complete the payment or Cancel to abandon it; either way you go back to the merchant.</p>
${noticeHtml}${details}
<form method="post">
<button type="submit" name="decision" value="pay">Pay</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>`
      : `${decidedSentence(payment)}
${details}
<p><a href="${escapeHtml(returnTarget(payment))}">Return to the merchant</a></p>`;
  return page(`Sandbox checkout: ${amount}`, body);
}

export function missingPaymentPage(): string {
  return page(
    "Sandbox checkout: payment not found",
    "<p>There is no sandbox gateway payment with this reference. Start the payment again from the portal.</p>",
  );
}

function decidedSentence(payment: GatewayPayment): string {
  if (payment.status === "paid" && payment.paidAt !== null) {
    return `<p>This payment was <strong>paid</strong> at ${escapeHtml(lagosTime(payment.paidAt))}.</p>`;
  }
  return "<p>This payment was <strong>cancelled</strong>; nothing was paid.</p>";
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>Sandbox checkout</h1>
${body}
</main>
</body>
</html>
`;
}

const htmlEntities: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

// Every value on the page came from a merchant's request, so all of it is escaped.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);
}
