import { z } from "zod";
import { nairaOnWire } from "../domain/money.ts";
import { PaymentError, isAllowedRedirect } from "./gateway.ts";
import type { CallContext, CheckedPayment, NewPayment, PaymentGateway } from "./gateway.ts";
import { callGateway, readBody, readKobo, refusalReason } from "./http.server.ts";
import type { GatewayAnswer, GatewayTransport } from "./http.server.ts";

// Monnify's hosted checkout, for wallet funding by card (docs/operating.md, "Payment
// gateways"): log in for a bearer token, init a transaction, send the browser to checkoutUrl,
// and on return query the transaction by our paymentReference.

export type MonnifyOptions = {
  /** https://sandbox.monnify.com or https://api.monnify.com, no trailing slash. */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  contractCode: string;
  timeoutMs: number;
  transport?: GatewayTransport;
  /** Milliseconds since the epoch; tests step it past a token's expiry. */
  now?: () => number;
};

export const MONNIFY_SANDBOX_URL = "https://sandbox.monnify.com";
export const MONNIFY_LIVE_URL = "https://api.monnify.com";

/**
 * Where Monnify sends the browser. The API host is not the checkout host, so the checkout
 * hosts are known by API base; any other base (a local stand-in) serves its own checkout.
 */
export function monnifyCheckoutOrigins(baseUrl: string): string[] {
  const origin = new URL(baseUrl).origin;
  if (origin === MONNIFY_LIVE_URL) return ["https://checkout.monnify.com", "https://sdk.monnify.com"];
  if (origin === MONNIFY_SANDBOX_URL) return ["https://sandbox.sdk.monnify.com"];
  return [origin];
}

// A token is used until this long before Monnify says it expires, so one that is about to
// lapse is never sent on a call that would then fail half-way.
const TOKEN_MARGIN_MS = 60_000;

function envelope<Body extends z.ZodType>(body: Body) {
  return z.object({ requestSuccessful: z.literal(true), responseBody: body });
}

const loginSchema = envelope(z.object({ accessToken: z.string().min(1), expiresIn: z.number().positive() }));

const initSchema = envelope(
  z.object({
    transactionReference: z.string().min(1),
    paymentReference: z.string().min(1),
    checkoutUrl: z.string().min(1),
  }),
);

const amount = z.union([z.number(), z.string()]);
const querySchema = envelope(
  z.object({
    paymentStatus: z.string().min(1),
    paymentReference: z.string().min(1),
    transactionReference: z.string().min(1),
    amountPaid: amount,
    totalPayable: amount,
    currencyCode: z.string(),
  }),
);

export function createMonnifyGateway(options: MonnifyOptions): PaymentGateway {
  const origins = monnifyCheckoutOrigins(options.baseUrl);
  const transport = options.transport ?? ((request: Request) => fetch(request));
  const now = options.now ?? Date.now;
  const common = { gateway: "monnify" as const, transport, timeoutMs: options.timeoutMs };
  const basic = Buffer.from(`${options.apiKey}:${options.secretKey}`).toString("base64");

  let token: { value: string; useUntil: number } | null = null;
  // Concurrent payments share one login instead of each asking for a token.
  let loggingIn: Promise<string> | null = null;

  async function login(context: CallContext): Promise<string> {
    const body = await callGateway({
      ...common,
      operation: "login",
      method: "POST",
      url: `${options.baseUrl}/api/v1/auth/login`,
      headers: { Authorization: `Basic ${basic}` },
      requestId: context.requestId,
      read: (answer) => {
        refuseOnClientError(answer);
        return readBody(loginSchema, answer).responseBody;
      },
    });
    const lifetimeMs = body.expiresIn * 1000;
    token = { value: body.accessToken, useUntil: now() + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return body.accessToken;
  }

  async function accessToken(context: CallContext): Promise<string> {
    if (token !== null && now() < token.useUntil) return token.value;
    loggingIn ??= login(context).finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  /**
   * Runs an authorised call; a 401 means Monnify dropped the token before its time, so log
   * in once more and repeat. Both calls are safe to repeat: a refused init created nothing.
   */
  async function withToken<T>(context: CallContext, send: (bearer: string) => Promise<T>): Promise<T> {
    const first = await accessToken(context);
    try {
      return await send(first);
    } catch (error) {
      if (!(error instanceof PaymentError) || error.status !== 401) throw error;
      if (token?.value === first) token = null;
      return send(await accessToken(context));
    }
  }

  return {
    name: "monnify",
    origins,

    async createPayment(payment: NewPayment, context: CallContext = {}) {
      const redirectUrl = await withToken(context, (bearer) =>
        callGateway({
          ...common,
          operation: "create",
          method: "POST",
          url: `${options.baseUrl}/api/v1/merchant/transactions/init-transaction`,
          headers: { Authorization: `Bearer ${bearer}` },
          body: {
            amount: nairaOnWire(payment.amountKobo),
            customerName: payment.customer.name,
            customerEmail: payment.customer.email,
            paymentReference: payment.reference,
            paymentDescription: payment.description,
            currencyCode: "NGN",
            contractCode: options.contractCode,
            redirectUrl: payment.returnUrl,
            paymentMethods: ["CARD"],
          },
          reference: payment.reference,
          requestId: context.requestId,
          read: (answer) => {
            refuseOnClientError(answer);
            const body = readBody(initSchema, answer).responseBody;
            // Monnify's advice: check the answer is about what we sent.
            if (body.paymentReference !== payment.reference) {
              throw new PaymentError("bad-response", "Monnify initialised a transaction under another reference.", {
                status: answer.status,
              });
            }
            if (!URL.canParse(body.checkoutUrl) || !isAllowedRedirect(body.checkoutUrl, origins)) {
              throw new PaymentError(
                "bad-response",
                `Monnify's checkout is on an unexpected host (${hostOf(body.checkoutUrl)}).`,
                {
                  status: answer.status,
                },
              );
            }
            return body.checkoutUrl;
          },
        }),
      );
      return { redirectUrl };
    },

    async checkReturn(query: URLSearchParams, context: CallContext = {}): Promise<CheckedPayment> {
      const reference = query.get("paymentReference")?.trim() ?? "";
      if (reference === "" || reference.length > 200) {
        throw new PaymentError("refused", "The return address names no Monnify payment.");
      }
      return withToken(context, (bearer) =>
        callGateway({
          ...common,
          operation: "verify",
          method: "GET",
          url: `${options.baseUrl}/api/v1/merchant/transactions/query?paymentReference=${encodeURIComponent(reference)}`,
          headers: { Authorization: `Bearer ${bearer}` },
          reference,
          requestId: context.requestId,
          read: (answer) => {
            refuseOnClientError(answer);
            const body = readBody(querySchema, answer).responseBody;
            const paid = body.paymentStatus === "PAID" && body.currencyCode === "NGN";
            const status = paid ? "paid" : body.paymentStatus === "PENDING" ? "pending" : "failed";
            return {
              status,
              reference: body.paymentReference,
              amountKobo: readKobo(paid ? body.amountPaid : body.totalPayable, answer),
              currency: body.currencyCode,
              gatewayReference: body.transactionReference,
            };
          },
        }),
      );
    },
  };
}

// Monnify answers a refusal with 4xx, or with 200 and requestSuccessful false.
function refuseOnClientError(answer: GatewayAnswer): void {
  const unsuccessful =
    typeof answer.body === "object" && answer.body !== null && Reflect.get(answer.body, "requestSuccessful") === false;
  if (answer.status >= 400 || unsuccessful) {
    throw new PaymentError("refused", `Monnify refused: ${refusalReason(answer.body)}.`, { status: answer.status });
  }
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : "not a URL";
}
