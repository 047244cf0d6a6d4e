import { z } from "zod";
import { nairaOnWire } from "../domain/money.ts";
import { PaymentError, isAllowedRedirect } from "./gateway.ts";
import type { CallContext, CheckedPayment, NewPayment, PaymentGateway } from "./gateway.ts";
import { callGateway, readBody, readKobo, refusalReason } from "./http.server.ts";
import type { GatewayAnswer, GatewayTransport } from "./http.server.ts";

// The sandbox gateway (decision 015): the same three steps as a real one, served by the
// sandbox upstream next to its API calls, so a fresh machine can pay by "card".

export type SandboxGatewayOptions = {
  /**
   * Where calls go: the upstream transport and base. A function, read on first call, so that
   * choosing this gateway at start-up opens no sandbox database.
   */
  target: () => { transport: GatewayTransport; baseUrl: string };
  /**
   * The remote sandbox's origin (UPSTREAM_URL's), where the browser finds its checkout page;
   * null for the embedded sandbox, whose checkout the portal serves under /sandbox.
   */
  remoteOrigin: string | null;
  timeoutMs: number;
};

/** The portal forwards this prefix to the embedded sandbox, so its checkout is same-origin. */
export const EMBEDDED_CHECKOUT_PREFIX = "/sandbox";

const createdSchema = z.object({
  reference: z.string().min(1),
  // One path segment under the checkout pages: the portal forwards exactly these.
  checkout_path: z.string().regex(/^\/gateway\/checkout\/(?!\.\.?$)[^/\\?#]+$/),
  checkout_url: z.string().min(1),
});

const paymentSchema = z.object({
  reference: z.string().min(1),
  amount: z.union([z.number(), z.string()]),
  currency: z.string(),
  status: z.enum(["pending", "paid", "cancelled"]),
});

export function createSandboxGateway(options: SandboxGatewayOptions): PaymentGateway {
  const origins: readonly string[] = options.remoteOrigin === null ? [] : [options.remoteOrigin];
  const common = { gateway: "sandbox" as const, timeoutMs: options.timeoutMs };

  return {
    name: "sandbox",
    origins,

    async createPayment(payment: NewPayment, context: CallContext = {}) {
      const { transport, baseUrl } = options.target();
      const created = await callGateway({
        ...common,
        operation: "create",
        transport,
        method: "POST",
        url: `${baseUrl}/gateway/v1/payments`,
        body: {
          reference: payment.reference,
          amount: nairaOnWire(payment.amountKobo),
          currency: "NGN",
          description: payment.description,
          customer: payment.customer,
          return_url: payment.returnUrl,
        },
        reference: payment.reference,
        requestId: context.requestId,
        read: (answer) => {
          refuseOnClientError(answer);
          const body = readBody(createdSchema, answer);
          if (body.reference !== payment.reference) {
            throw new PaymentError("bad-response", "The sandbox gateway created a payment under another reference.", {
              status: answer.status,
            });
          }
          const redirectUrl =
            options.remoteOrigin === null ? `${EMBEDDED_CHECKOUT_PREFIX}${body.checkout_path}` : body.checkout_url;
          if (
            !isAllowedRedirect(redirectUrl, origins) ||
            (options.remoteOrigin !== null && !URL.canParse(redirectUrl))
          ) {
            throw new PaymentError(
              "bad-response",
              "The sandbox gateway's checkout page is not on UPSTREAM_URL's origin.",
              {
                status: answer.status,
              },
            );
          }
          return redirectUrl;
        },
      });
      return { redirectUrl: created };
    },

    async checkReturn(query: URLSearchParams, context: CallContext = {}): Promise<CheckedPayment> {
      const reference = query.get("reference")?.trim() ?? "";
      if (reference === "" || reference.length > 200) {
        throw new PaymentError("refused", "The return address names no sandbox payment.");
      }
      const { transport, baseUrl } = options.target();
      return callGateway({
        ...common,
        operation: "verify",
        transport,
        method: "GET",
        url: `${baseUrl}/gateway/v1/payments/${encodeURIComponent(reference)}`,
        reference,
        requestId: context.requestId,
        read: (answer) => {
          refuseOnClientError(answer);
          const body = readBody(paymentSchema, answer);
          const amountKobo = readKobo(body.amount, answer);
          const paid = body.status === "paid" && body.currency === "NGN";
          const status = paid ? "paid" : body.status === "pending" ? "pending" : "failed";
          return {
            status,
            reference: body.reference,
            amountKobo,
            currency: body.currency,
            gatewayReference: body.reference,
          };
        },
      });
    },
  };
}

function refuseOnClientError(answer: GatewayAnswer): void {
  if (answer.status >= 400) {
    throw new PaymentError("refused", `The sandbox gateway refused: ${refusalReason(answer.body)}.`, {
      status: answer.status,
    });
  }
}
