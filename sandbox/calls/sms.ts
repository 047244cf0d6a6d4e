import * as z from "zod/mini";
import { authenticated } from "../accounts/auth.ts";
import { billerOutcome } from "../purchases/biller.ts";
import type { Caller } from "../accounts/auth.ts";
import { listCategory } from "../purchases/catalog.ts";
import type { Provider } from "../purchases/catalog.ts";
import type { SandboxContext } from "../http/context.ts";
import { atMost, field, nairaAmount, requiredAlone, text } from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { koboToNaira, nairaText } from "../money/money.ts";
import { categoryIds, providerField, quoted } from "../purchases/purchase-fields.ts";
import { handlePurchase } from "../purchases/purchases.ts";
import type { Order } from "../purchases/purchases.ts";
import { json, validationError } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import {
  parseRecipients,
  senderMaxLength,
  smsBaseRateKobo,
  smsLength,
  smsMaxLength,
  smsMaxRecipients,
  smsPages,
  smsRateKobo,
} from "../purchases/sms.ts";

export const smsRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-sms-packages/",
    // Call 38 answers its errors in the validation envelope, which the portal reads.
    handle: authenticated(({ db }, { user }) => {
      const providers = listCategory(db, user.level, categoryIds.sms);
      if (providers.length === 0) {
        return validationError([
          { code: "unavailable", detail: "Bulk SMS is not available at the moment.", attr: null },
        ]);
      }
      return json(
        providers.map((provider) => ({
          id: provider.id,
          amount: koboToNaira(smsRateKobo(provider.discountBasisPoints)),
        })),
      );
    }),
  },
  {
    method: "POST",
    path: "/v1/send-sms/",
    handle: authenticated((context, caller) =>
      handlePurchase(context, caller, (body) => checkSms(context, caller, body)),
    ),
  },
];

interface Message {
  readonly provider: Provider;
  readonly sender: string;
  readonly recipients: readonly string[];
  readonly message: string;
}

// Kept as typed (its spaces count towards the pages), but a message of only spaces is none.
const smsMessage = requiredAlone("Message is required.", false).check(
  z.refine((message) => message.trim() !== "", { message: "Message is required.", abort: true }),
  z.refine((message) => smsLength(message) <= smsMaxLength, `Message must be at most ${smsMaxLength} characters.`),
);

// In the order of the portal's form: sender ID, numbers, message, then the total.
function checkSms({ db }: SandboxContext, { user }: Caller, body: JsonObject): Checked<Order> {
  const provider = providerField(db, user.level, "sms", body);
  if ("error" in provider) {
    return provider;
  }
  const sender = field(
    body,
    "sender",
    requiredAlone("Sender ID is required.").check(
      atMost(senderMaxLength, `Sender ID must be at most ${senderMaxLength} characters.`),
    ),
  );
  if ("error" in sender) {
    return sender;
  }
  const recipients = checkRecipients(body);
  if ("error" in recipients) {
    return recipients;
  }
  // Not trimmed: spaces the user typed are sent, and paid for, like any other character.
  const message = field(body, "message", smsMessage);
  if ("error" in message) {
    return message;
  }
  const amount = field(body, "amount", nairaAmount());
  if ("error" in amount) {
    return amount;
  }
  const checked = {
    provider: provider.value,
    sender: sender.value,
    recipients: recipients.value,
    message: message.value,
  };
  const { count, pages, rateKobo, totalKobo } = smsCharge(checked);
  if (amount.value !== totalKobo) {
    return {
      error:
        `The total for ${plural(count, "number")} × ${plural(pages, "page")} at ${nairaText(rateKobo)} is ` +
        `${nairaText(totalKobo)}, not ${nairaText(amount.value)}. Please check and send again.`,
    };
  }
  return { value: smsOrder(checked) };
}

function checkRecipients(body: JsonObject): Checked<readonly string[]> {
  const phone = field(
    body,
    "phone",
    text({
      required: "Phone number is required.",
      notText: "Phone numbers must be text, separated by commas or line breaks.",
    }),
  );
  if ("error" in phone) {
    return phone;
  }
  const { valid, invalid } = parseRecipients(phone.value);
  const [bad] = invalid;
  if (bad !== undefined) {
    return {
      error: `${quoted(bad)} is not a valid phone number. Use 080xxxxxxxx or 23480xxxxxxxx, separated by commas or line breaks.`,
    };
  }
  if (valid.length === 0) {
    return { error: "Enter at least one phone number." };
  }
  if (valid.length > smsMaxRecipients) {
    return { error: `Send to at most ${smsMaxRecipients.toLocaleString("en-NG")} numbers at a time.` };
  }
  return { value: valid };
}

// Call 39: recipients × pages × rate, recomputed here. The caller's discount is already
// in the rate (purchases/sms.ts), so nothing more comes off the total.
function smsCharge(message: Message): { count: number; pages: number; rateKobo: number; totalKobo: number } {
  const count = message.recipients.length;
  const pages = smsPages(message.message);
  const rateKobo = smsRateKobo(message.provider.discountBasisPoints);
  return { count, pages, rateKobo, totalKobo: count * pages * rateKobo };
}

// Worded as the demo history words its SMS rows (seed/history-products.ts); the subtotal is
// the face value at the undiscounted rate, as for every other purchase.
function smsOrder(message: Message): Order {
  const { count, pages, rateKobo, totalKobo } = smsCharge(message);
  const { provider, sender, recipients } = message;
  const charge = nairaText(totalKobo);
  return {
    transaction: {
      product: "sms",
      subcategoryId: provider.id,
      plan: provider.title,
      phoneNumber: recipients.length === 1 ? (recipients[0] ?? "") : "",
      description: `Bulk SMS from ${sender} to ${plural(count, "number")}: ${message.message}`,
      description2: `${plural(count, "number")} × ${plural(pages, "page")} at ${nairaText(rateKobo)}`,
      subtotalKobo: count * pages * smsBaseRateKobo,
      amountKobo: totalKobo,
    },
    outcome: billerOutcome(recipients),
    messages: {
      delivered: `Your message from ${sender} was sent to ${plural(count, "number")}. You were charged ${charge}.`,
      pending:
        `Your message from ${sender} to ${plural(count, "number")} is pending with the network. ` +
        `${charge} has been taken from your wallet; check your transactions for the outcome.`,
      failed: (number) => `The biller could not send this message to ${number}. Your wallet has been refunded.`,
    },
  };
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en-NG")} ${noun}${count === 1 ? "" : "s"}`;
}
