import { z } from "zod";
import { nairaOnWire } from "../domain/money.ts";
import { PaymentError, isAllowedRedirect } from "./gateway.ts";
import type { CallContext, CheckedPayment, NewPayment, PaymentGateway } from "./gateway.ts";
import { callGateway, readBody, readKobo, refusalReason } from "./http.server.ts";
import type { GatewayAnswer, GatewayTransport } from "./http.server.ts";

// Flutterwave Standard, for airtime and data paid by card (docs/operating.md, "Payment
// gateways"): create a payment link with tx_ref = the order's trans_ref, send the browser to it,
// and on return verify the transaction by the id Flutterwave appended.

export type FlutterwaveOptions = {
  /** https://api.flutterwave.com (test and live keys share it), no trailing slash. */
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
  transport?: GatewayTransport;
};

export const FLUTTERWAVE_API_URL = "https://api.flutterwave.com";

/** Where Flutterwave's payment links point: live keys get the first host, test keys the second. */
export function flutterwaveCheckoutOrigins(baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  if (origin === FLUTTERWAVE_API_URL)
    return ["https://checkout.flutterwave.com", "https://checkout-testing.flutterwave.com"];
  return [origin];
}

// The card checkout for airtime and data offers these four.
const PAYMENT_OPTIONS = "card,banktransfer,account,ussd";

const createdSchema = z.object({ status: z.literal("success"), data: z.object({ link: z.string().min(1) }) });

const verifiedSchema = z.object({
  status: z.literal("success"),
  data: z.object({
    id: z.union([z.number(), z.string()]),
    status: z.string().min(1),
    amount: z.union([z.number(), z.string()]),
    currency: z.string(),
    tx_ref: z.string().min(1),
  }),
});

// Flutterwave's transaction ids are numbers; anything else in the query is not one of theirs
// and must not reach a URL path.
const TRANSACTION_ID = /^\d{1,20}$/;

export function createFlutterwaveGateway(options: FlutterwaveOptions): PaymentGateway {
  const origins = flutterwaveCheckoutOrigins(options.baseUrl);
  const transport = options.transport ?? ((request: Request) => fetch(request));
  const common = { gateway: "flutterwave" as const, transport, timeoutMs: options.timeoutMs };
  const authorization = { Authorization: `Bearer ${options.secretKey}` };

  function verify(
    url: string,
    reference: string,
    context: CallContext,
    notFound: "refuse" | "unpaid",
  ): Promise<CheckedPayment> {
    return callGateway({
      ...common,
      operation: "verify",
      method: "GET",
      url,
      headers: authorization,
      reference,
      requestId: context.requestId,
      read: (answer): CheckedPayment => {
        if (notFound === "unpaid" && (answer.status === 400 || answer.status === 404)) {
          // Flutterwave knows no transaction for this tx_ref: the customer left the
          // checkout before paying (a cancel sends no transaction_id), so nothing was taken.
          return { status: "failed", reference, amountKobo: 0, currency: "NGN", gatewayReference: "" };
        }
        refuseOnClientError(answer);
        const { data } = readBody(verifiedSchema, answer);
        const paid = data.status === "successful" && data.currency === "NGN";
        const status = paid ? "paid" : data.status === "pending" ? "pending" : "failed";
        return {
          status,
          reference: data.tx_ref,
          amountKobo: readKobo(data.amount, answer),
          currency: data.currency,
          gatewayReference: String(data.id),
        };
      },
    });
  }

  return {
    name: "flutterwave",
    origins,

    async createPayment(payment: NewPayment, context: CallContext = {}) {
      const redirectUrl = await callGateway({
        ...common,
        operation: "create",
        method: "POST",
        url: `${options.baseUrl}/v3/payments`,
        headers: authorization,
        body: {
          tx_ref: payment.reference,
          amount: nairaOnWire(payment.amountKobo),
          currency: "NGN",
          redirect_url: payment.returnUrl,
          customer: { email: payment.customer.email, phonenumber: payment.customer.phone, name: payment.customer.name },
          customizations: { title: payment.description },
          payment_options: PAYMENT_OPTIONS,
        },
        reference: payment.reference,
        requestId: context.requestId,
        read: (answer) => {
          refuseOnClientError(answer);
          const { link } = readBody(createdSchema, answer).data;
          if (!URL.canParse(link) || !isAllowedRedirect(link, origins)) {
            throw new PaymentError(
              "bad-response",
              `Flutterwave's payment link is on an unexpected host (${hostOf(link)}).`,
              {
                status: answer.status,
              },
            );
          }
          return link;
        },
      });
      return { redirectUrl };
    },

    async checkReturn(query: URLSearchParams, context: CallContext = {}): Promise<CheckedPayment> {
      const transactionId = query.get("transaction_id")?.trim() ?? "";
      const txRef = query.get("tx_ref")?.trim() ?? "";
      if (TRANSACTION_ID.test(transactionId)) {
        return verify(`${options.baseUrl}/v3/transactions/${transactionId}/verify`, txRef, context, "refuse");
      }
      if (transactionId === "" && txRef !== "" && txRef.length <= 200) {
        const url = `${options.baseUrl}/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`;
        return verify(url, txRef, context, "unpaid");
      }
      throw new PaymentError("refused", "The return address names no Flutterwave payment.");
    },
  };
}

// Flutterwave answers a refusal with 4xx and `status: "error"`.
function refuseOnClientError(answer: GatewayAnswer): void {
  const errorStatus =
    typeof answer.body === "object" && answer.body !== null && Reflect.get(answer.body, "status") === "error";
  if (answer.status >= 400 || errorStatus) {
    throw new PaymentError("refused", `Flutterwave refused: ${refusalReason(answer.body)}.`, { status: answer.status });
  }
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : "not a URL";
}
