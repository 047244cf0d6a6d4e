import * as z from "zod/mini";
import { authenticated } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { cardChargeBasisPoints, creditCardPayment } from "../money/funding.ts";
import { field, firstIssue, nairaAmountWithin, optionalText, requiredText } from "../http/input.ts";
import type { JsonObject } from "../http/input.ts";
import { answered, handleKeyedCall, refused } from "../http/keyed-call.ts";
import type { KeyedOutcome } from "../http/keyed-call.ts";
import { insertManualReport } from "../money/manual-reports.ts";
import { nairaText, percentToBasisPoints } from "../money/money.ts";
import { json } from "../http/responses.ts";
import type { Route } from "../http/router.ts";

// Calls 41 to 43: the manual payment details, a card payment into the wallet, and a
// manual payment report. Calls 42 and 43 move or promise money, so they honour
// Idempotency-Key (keyed-call.ts).

export const fundingRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-manual-funding-details/",
    handle: authenticated(() => json(manualFundingDetails)),
  },
  {
    method: "POST",
    path: "/v1/user/fund-wallet/",
    handle: authenticated((context, caller) =>
      handleKeyedCall(context, caller.user.id, (body) => fundWallet(context, caller, body)),
    ),
  },
  {
    method: "POST",
    path: "/v1/manual-payment/",
    handle: authenticated((context, caller) =>
      handleKeyedCall(context, caller.user.id, (body) => reportManualPayment(context, caller, body)),
    ),
  },
];

// The company's own accounts a manual payment goes to. The narration is how a bookkeeper
// matches a deposit to a wallet, so the instructions ask for the sign-up e-mail there.
export const manualFundingDetails = {
  description:
    "<p>Pay into one of the accounts below by bank transfer, USSD or at a POS. " +
    "Use the e-mail address you signed up with as the transfer's narration (reference), " +
    "so we can match the payment to your wallet.</p>" +
    "<ol><li>Pay the amount into one of the accounts listed.</li>" +
    "<li>Fill in the payment report below: the name the payment was made in, the amount, " +
    "the bank you paid into and how you paid.</li>" +
    "<li>Your wallet is credited once we confirm the payment, usually within an hour on working days.</li></ol>",
  products: [
    { name: "Payvend Technologies Ltd", account: "0451237786", bank: "Guaranty Trust Bank" },
    { name: "Payvend Technologies Ltd", account: "1022938475", bank: "United Bank For Africa" },
    { name: "Payvend Technologies Ltd", account: "2143358890", bank: "Zenith Bank" },
  ],
} as const;

export const manualReportReceivedMessage =
  "Your payment report has been received. Your wallet will be credited once we confirm the payment.";

// The sandbox is the authority on its charge, as on its prices: the percent a request
// sends is compared with it, so a portal that sends the charge in naira, or a fraction,
// finds out at once instead of crediting the wrong amount.
export const cardChargeMessage = `The card funding charge is ${cardChargeBasisPoints / 100}%: send monnify_bank_charge as ${cardChargeBasisPoints / 100}.`;

const invalidReferenceMessage = "This payment reference is not valid.";

const cardCharge = z.transform((value: unknown, context) => {
  if (value === undefined || value === null || value === "") {
    context.issues.push({
      code: "custom",
      input: value,
      message: "monnify_bank_charge (the card charge percent) is required.",
    });
    return z.NEVER;
  }
  if (percentToBasisPoints(value) !== cardChargeBasisPoints) {
    context.issues.push({ code: "custom", input: value, message: cardChargeMessage });
    return z.NEVER;
  }
  return value;
});

function fundWallet(context: SandboxContext, { user }: Caller, body: JsonObject): KeyedOutcome {
  // A reference left out is reported before the charge, one that is not text after it.
  const reference = field(body, "transaction_reference", optionalText(invalidReferenceMessage));
  const given = "error" in reference ? undefined : reference.value;
  if (given === null) {
    return refused("Payment reference is required.");
  }
  const charge = field(body, "monnify_bank_charge", cardCharge);
  if ("error" in charge) {
    return refused(charge.error);
  }
  if (given === undefined) {
    return refused(invalidReferenceMessage);
  }
  const credit = creditCardPayment(context.db, user, given, isoTime(context));
  if (!credit.ok) {
    return refused(credit.message);
  }
  const { transaction } = credit;
  return answered(
    200,
    { status: 200, message: `Your wallet has been credited with ${nairaText(transaction.amountKobo)}.` },
    transaction.id,
  );
}

// Card funding's ₦100 minimum stands for manual payments too: the report form shows the same
// floor. The ceiling is the sandbox's, against a slip of the finger.
export const minManualKobo = 100_00;
export const maxManualKobo = 10_000_000_00;
const maxPaymentNameLength = 150;
const maxBankNameLength = 100;
const maxPaymentTypeLength = 50;

// In the order of the report form's fields, one message for the first problem.
const manualReport = z.object({
  payment_name: requiredText("Payment name", maxPaymentNameLength),
  manual_amount: nairaAmountWithin(minManualKobo, maxManualKobo),
  bank_name: requiredText("Bank name", maxBankNameLength),
  payment_type: requiredText("Payment type", maxPaymentTypeLength),
});

function reportManualPayment(context: SandboxContext, { user }: Caller, body: JsonObject): KeyedOutcome {
  const checked = firstIssue(manualReport, body);
  if ("error" in checked) {
    return refused(checked.error);
  }
  const report = checked.value;
  insertManualReport(context.db, {
    userId: user.id,
    paymentName: report.payment_name,
    amountKobo: report.manual_amount,
    bankName: report.bank_name,
    paymentType: report.payment_type,
    createdAt: isoTime(context),
  });
  return answered(200, { status: 200, message: manualReportReceivedMessage }, null);
}
