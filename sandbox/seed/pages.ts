export interface SitePages {
  readonly about: string;
  readonly contact: string;
  readonly social: string;
  readonly whatsapp_phone: string;
  readonly faq: string;
  readonly privacy: string;
  readonly terms: string;
}

// A reserved .test domain (RFC 2606; a 4-letter ending, so the sign-up e-mail rule accepts it), so nobody mails a real company from the demo site.
const supportEmail = "support@payvend.test";

const about = `
<h2>Who we are</h2>
<p>Payvend is a Lagos-based bill-payment platform that helps individuals, small businesses and
resellers across Nigeria pay for everyday services from one naira wallet. Fund your wallet once
and buy airtime, mobile data, cable TV subscriptions, prepaid electricity, exam PINs and bulk
SMS in seconds, any time of the day.</p>
<p>We started Payvend because buying a recharge or a meter token should not mean queues, failed
bank transfers or waiting for a vendor to come online. Our platform connects directly to the
networks, distribution companies and exam bodies, so most purchases are delivered instantly,
and every naira you spend is recorded in your transaction history.</p>
<h2>What we offer</h2>
<ul>
  <li>Airtime and data for MTN, Airtel, Glo and 9mobile, including SME and corporate gifting data.</li>
  <li>DSTV, GOtv and StarTimes subscriptions with smart-card verification before you pay.</li>
  <li>Prepaid and postpaid electricity for the major distribution companies, from Ikeja to Kano.</li>
  <li>WAEC, NECO, NABTEB and JAMB PINs, delivered to your transaction history.</li>
  <li>Bulk SMS with your own sender ID for schools, churches, shops and events.</li>
</ul>
<h2>Why customers choose us</h2>
<p>Discounts grow with your account level: Agents and Resellers earn more on every purchase, and
our API level lets developers plug Payvend into their own apps. Your wallet can be funded by
card, by bank transfer to a dedicated account number, or by reporting a manual deposit.</p>
<p>Our support team is available every day from 7am to 10pm by phone, e-mail and WhatsApp. If a
transaction fails, your wallet is refunded automatically, and we are always a message away.</p>
`;

const faq = `
<h3>How do I fund my wallet?</h3>
<p>Go to Fund Wallet on your dashboard. You can pay with an ATM card, transfer to your dedicated
Sterling or Wema account number, or make a deposit and report it with the manual payment form.</p>
<h3>How long does a purchase take?</h3>
<p>Most airtime, data and electricity purchases are delivered within a few seconds. When a
provider is slow, the transaction shows as Pending and completes on its own, usually within a
few minutes.</p>
<h3>What happens if a transaction fails?</h3>
<p>If a provider cannot deliver, the transaction is marked Failed and the full amount is returned
to your wallet automatically. You can see the refund in your transaction history.</p>
<h3>Where do I find my electricity token?</h3>
<p>Your token is shown on the receipt and in your transaction history as soon as the
distribution company issues it. We also include it in the transaction description.</p>
<h3>How do I become an Agent or Reseller?</h3>
<p>Send a message to ${supportEmail} with your username and expected monthly volume. Higher
levels get bigger discounts on every purchase.</p>
<h3>Can I buy for someone else's phone number or meter?</h3>
<p>Yes. Enter any valid Nigerian phone number, meter number or smart-card number. Always verify
the customer name shown before you pay, because completed purchases cannot be reversed.</p>
<h3>Is my money safe?</h3>
<p>Your wallet balance is held in naira and every change to it is recorded. We never store your
card details: card payments are processed by a licensed payment provider.</p>
<h3>How do I send bulk SMS?</h3>
<p>Open Send SMS, enter a sender ID of up to 11 characters, paste your numbers separated by
commas or new lines, and type your message. You are charged per page for each recipient.</p>
`;

const privacy = `
<h2>Privacy Policy</h2>
<p>This policy explains how Payvend collects, uses and protects your personal data in line with
the Nigeria Data Protection Act 2023 (NDPA) and the Nigeria Data Protection Regulation (NDPR).
By using our website and services you agree to the practices described here.</p>
<h3>Data we collect</h3>
<ul>
  <li>Account details: your name, e-mail address, phone number and password (stored hashed).</li>
  <li>Verification details you choose to provide, such as your BVN or NIN, used only to create
    dedicated bank accounts as required by the Central Bank of Nigeria.</li>
  <li>Transaction details: phone numbers, meter numbers, smart-card numbers and amounts of the
    purchases you make.</li>
  <li>Technical data: IP address, browser type and pages visited, used to keep the service secure.</li>
</ul>
<h3>How we use your data</h3>
<ul>
  <li>To deliver the services you buy and keep an accurate record of your naira wallet.</li>
  <li>To verify your identity, prevent fraud and meet our legal obligations.</li>
  <li>To send you transaction notices, one-time passwords and service updates.</li>
</ul>
<h3>Sharing</h3>
<p>We share only what is needed to complete a purchase with network operators, electricity
distribution companies, cable TV providers, exam bodies, banks and payment processors. We do not
sell your personal data.</p>
<h3>Retention and security</h3>
<p>We keep transaction records for as long as the law requires, and account data while your
account is active. Data is encrypted in transit, and access is limited to staff who need it.</p>
<h3>Your rights</h3>
<p>Under the NDPA you may ask to access, correct, move or delete your personal data, and you may
object to its use or withdraw consent. Write to ${supportEmail}; we reply within 30 days. You may
also complain to the Nigeria Data Protection Commission.</p>
`;

const terms = `
<h2>Terms and Conditions</h2>
<p>These terms govern your use of Payvend. By creating an account you confirm that you are at
least 18 years old and that the information you give us is accurate.</p>
<h3>Your account</h3>
<ul>
  <li>Keep your password and one-time passwords private; you are responsible for activity on
    your account.</li>
  <li>One person or business may hold one account. We may suspend accounts used for fraud.</li>
</ul>
<h3>Your naira wallet</h3>
<ul>
  <li>Wallet balances are held in Nigerian naira (NGN) and can only be used to buy services on
    Payvend; they do not earn interest and cannot be withdrawn as cash.</li>
  <li>Card funding carries a 1.5% processing charge and bank transfers to your dedicated account
    a 0.85% charge, shown before you pay.</li>
  <li>Manual deposits are credited after we confirm them with our bank.</li>
</ul>
<h3>Purchases</h3>
<ul>
  <li>Check phone numbers, meter numbers and smart-card numbers before you pay. A purchase
    delivered to the number you entered cannot be reversed.</li>
  <li>Prices and discounts may change without notice; the price shown when you confirm applies.</li>
</ul>
<h3>Refunds</h3>
<ul>
  <li>If a provider fails to deliver, the amount is refunded to your wallet automatically.</li>
  <li>If you were charged but did not receive value and no refund appears within 24 hours,
    contact ${supportEmail} with the transaction reference.</li>
</ul>
<h3>Liability</h3>
<p>We are not liable for delays or outages caused by networks, distribution companies, banks or
other third parties, beyond refunding purchases they fail to deliver.</p>
<h3>Governing law</h3>
<p>These terms are governed by the laws of the Federal Republic of Nigeria. Disputes go first to
our support team and then to the courts of Lagos State.</p>
`;

export const sitePages: SitePages = {
  about: about.trim(),
  contact: `14 Admiralty Way, Lekki Phase 1, Lagos|08012345678|${supportEmail}`,
  social: "payvendng|payvendng|payvendng",
  whatsapp_phone: "2348012345678",
  faq: faq.trim(),
  privacy: privacy.trim(),
  terms: terms.trim(),
};
