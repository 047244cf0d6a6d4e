import * as z from "zod/mini";
import { fulfilCardOrder, findCardOrder } from "../purchases/card-orders.ts";
import { checkoutPage, missingPaymentPage } from "../money/checkout-page.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import {
  checkoutPath,
  decideGatewayPayment,
  findGatewayPayment,
  insertGatewayPayment,
  returnTarget,
} from "../money/gateway.ts";
import type { Decision, NewGatewayPayment } from "../money/gateway.ts";
import { requestHash } from "../http/idempotency.ts";
import {
  atMost,
  email,
  firstIssue,
  maxNameLength,
  optionalText,
  readJsonObject,
  requiredAlone,
} from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { koboToNaira, nairaText, nairaToKobo } from "../money/money.ts";
import { json, statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";

// The sandbox gateway (decision 015), outside /v1 because it stands for a third party:
// the portal initialises a payment server to server, sends the browser to the checkout
// page, gets it back at return_url?reference=..., and verifies the payment server to server.
// Nothing here needs a token, as a real gateway's calls carry a merchant key instead.

export const gatewayRoutes: readonly Route<SandboxContext>[] = [
  { method: "POST", path: "/gateway/v1/payments", handle: initialisePayment },
  {
    method: "GET",
    path: "/gateway/v1/payments/:reference",
    handle: (context, params) => verifyPayment(context, params["reference"] ?? ""),
  },
  {
    method: "GET",
    path: "/gateway/checkout/:reference",
    handle: (context, params) => showCheckout(context, params["reference"] ?? ""),
  },
  {
    method: "POST",
    path: "/gateway/checkout/:reference",
    handle: (context, params) => decideCheckout(context, params["reference"] ?? ""),
  },
];

// Letters, digits and - _ . only, so a reference is the same text in a path, a query and
// a log line, and needs no escaping anywhere.
const referencePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const maxDescriptionLength = 200;
const maxPhoneLength = 20;
const maxUrlLength = 2000;

async function initialisePayment(context: SandboxContext): Promise<Response> {
  const read = await readJsonObject(context.request);
  if (!read.ok) {
    return statusMessage(400, read.message);
  }
  const at = isoTime(context);
  const hash = requestHash("POST", "/gateway/v1/payments", read.body);
  const checked = checkPayment(read.body, hash, at);
  if ("error" in checked) {
    return statusMessage(400, checked.error);
  }
  const draft = checked.value;
  return inTransaction(context.db, () => {
    const existing = findGatewayPayment(context.db, draft.reference);
    if (existing !== undefined) {
      return existing.requestHash === hash
        ? json(initialised(context, existing.reference))
        : statusMessage(
            409,
            "A payment with this reference already exists with different details. Use a new reference.",
          );
    }
    // A card order's price is known here, so a payment too small to cover it is refused
    // before the customer is asked to pay it.
    const order = findCardOrder(context.db, draft.reference);
    if (order !== undefined && draft.amountKobo < order.chargeKobo) {
      return statusMessage(
        400,
        `This order costs ${nairaText(order.chargeKobo)}; the payment amount must be at least that.`,
      );
    }
    insertGatewayPayment(context.db, draft);
    return json(initialised(context, draft.reference));
  });
}

function initialised(context: SandboxContext, reference: string): object {
  const path = checkoutPath(reference);
  return { reference, checkout_path: path, checkout_url: `${context.gatewayBase}${path}` };
}

function verifyPayment(context: SandboxContext, reference: string): Response {
  const payment = findGatewayPayment(context.db, reference);
  if (payment === undefined) {
    return statusMessage(404, "No gateway payment has this reference.");
  }
  return json({
    reference: payment.reference,
    amount: koboToNaira(payment.amountKobo),
    currency: payment.currency,
    status: payment.status,
    customer_email: payment.customerEmail,
    paid_at: payment.paidAt,
  });
}

function showCheckout(context: SandboxContext, reference: string): Response {
  const payment = findGatewayPayment(context.db, reference);
  return payment === undefined ? html(missingPaymentPage(), 404) : html(checkoutPage(payment));
}

// Pay or cancel, once: a decided payment stays as it is and the browser is sent back all
// the same, so a double click or a back-button repost lands where the first did.
async function decideCheckout(context: SandboxContext, reference: string): Promise<Response> {
  const form = new URLSearchParams(await context.request.text());
  const decision = toDecision(form.get("decision"));
  const { db } = context;
  return inTransaction(db, () => {
    const payment = findGatewayPayment(db, reference);
    if (payment === undefined) {
      return html(missingPaymentPage(), 404);
    }
    if (decision === undefined) {
      return html(checkoutPage(payment, "Choose Pay or Cancel."), 400);
    }
    const at = isoTime(context);
    const decided = decideGatewayPayment(db, reference, decision, at);
    if (decided.kind === "not-found") {
      return html(missingPaymentPage(), 404);
    }
    if (decided.changed && decided.payment.status === "paid") {
      fulfilCardOrder(db, reference, {
        paidKobo: decided.payment.amountKobo,
        at,
        settleAt: isoTime(context, context.settleAfterMs),
      });
    }
    return new Response(null, {
      status: 303,
      headers: { Location: returnTarget(decided.payment), "Cache-Control": "no-store" },
    });
  });
}

function toDecision(value: string | null): Decision | undefined {
  return value === "pay" || value === "cancel" ? value : undefined;
}

function html(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const referenceMessage =
  "reference must be 1 to 100 letters, digits, dots, hyphens or underscores, starting with a letter or digit.";
const amountMessage = "amount must be a naira amount above 0 with at most 2 decimals, e.g. 1015 or 1015.23.";
const descriptionMessage = `description is required, at most ${maxDescriptionLength} characters.`;
const customerEmailMessage = "customer.email must be an e-mail address.";
const customerNameMessage = `customer.name is required, at most ${maxNameLength} characters.`;
const customerPhoneMessage = `customer.phone must be text of at most ${maxPhoneLength} characters.`;
const returnUrlMessage = "return_url must be an absolute http or https URL.";

// One message for the first problem, in the order docs/sandbox.md lists the fields.
const paymentForm = z.object({
  reference: requiredAlone(referenceMessage).check(z.regex(referencePattern, referenceMessage)),
  amount: z.transform((value: unknown, context) => {
    const kobo = value === undefined || value === null ? undefined : nairaToKobo(value);
    if (kobo === undefined || kobo <= 0) {
      context.issues.push({ code: "custom", input: value, message: amountMessage });
      return z.NEVER;
    }
    return kobo;
  }),
  currency: z.literal("NGN", "currency must be NGN."),
  description: requiredAlone(descriptionMessage).check(atMost(maxDescriptionLength, descriptionMessage)),
  customer: z.object(
    {
      email: email({ required: customerEmailMessage, notText: customerEmailMessage, invalid: customerEmailMessage }),
      name: requiredAlone(customerNameMessage).check(atMost(maxNameLength, customerNameMessage)),
      // Optional, as a gateway's is: the portal sends the profile's phone, which may be blank.
      phone: optionalText(customerPhoneMessage).check(
        z.refine((phone) => phone === null || phone.length <= maxPhoneLength, customerPhoneMessage),
      ),
    },
    "customer must be an object with email, name and phone.",
  ),
  return_url: requiredAlone(returnUrlMessage).check(z.refine(isReturnUrl, returnUrlMessage)),
});

function checkPayment(body: JsonObject, hash: string, createdAt: string): Checked<NewGatewayPayment> {
  const checked = firstIssue(paymentForm, body);
  if ("error" in checked) {
    return checked;
  }
  const { reference, amount, description, customer, return_url: returnUrl } = checked.value;
  return {
    value: {
      reference,
      amountKobo: amount,
      currency: "NGN",
      description,
      customerEmail: customer.email,
      customerName: customer.name,
      customerPhone: customer.phone ?? "",
      returnUrl,
      requestHash: hash,
      createdAt,
    },
  };
}

// The browser is sent here after the checkout, so only a web URL with no credentials in it
// (which would end up in history and logs) will do.
function isReturnUrl(value: string): boolean {
  if (value.length > maxUrlLength || !URL.canParse(value)) {
    return false;
  }
  const url = new URL(value);
  return (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === "";
}
