// The seam between the portal and the card gateways (docs/operating.md, "Payment
// gateways"): the browser leaves for a hosted page and comes back to a return URL, and only a
// server-side question to the gateway says whether money moved.

export type GatewayName = "sandbox" | "monnify" | "flutterwave";

export type PaymentCustomer = { email: string; name: string; phone: string };

export type NewPayment = {
  /** The portal's reference; it names the payment at the gateway and comes back on return. */
  reference: string;
  amountKobo: number;
  description: string;
  customer: PaymentCustomer;
  /** Absolute: the gateway sends the browser here when the customer is done. */
  returnUrl: string;
};

export type CheckedPayment = {
  status: "paid" | "failed" | "pending";
  /** The portal's reference as the gateway reports it; the caller compares it with its own. */
  reference: string;
  /**
   * What the gateway says: the amount paid when paid, otherwise the amount asked. The caller
   * compares it with what it asked for, because a tampered checkout can charge less.
   */
  amountKobo: number;
  currency: string;
  /** The gateway's own id for the payment (Monnify's transactionReference, Flutterwave's transaction id). */
  gatewayReference: string;
};

/** Carried into the log line of every gateway call. */
export type CallContext = { requestId?: string };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Origins the browser is sent to (CSP form-action and the redirect check). */
  readonly origins: readonly string[];
  /**
   * Creates the payment with the gateway; the browser is then redirected to `redirectUrl`,
   * which is either a portal-relative path or an address on one of `origins`.
   */
  createPayment(payment: NewPayment, context?: CallContext): Promise<{ redirectUrl: string }>;
  /**
   * Reads the gateway's own id out of the return URL's query, asks the gateway server-side,
   * and returns what it says; never trusts the query's status or amount.
   */
  checkReturn(query: URLSearchParams, context?: CallContext): Promise<CheckedPayment>;
}

/**
 * How a gateway call failed, as one type:
 * - timeout: no answer in time; for createPayment the gateway may still have recorded it;
 * - unreachable: no connection at all;
 * - refused: the gateway answered and said no (bad credentials, a duplicate or unknown
 *   reference, a return URL that names no payment);
 * - bad-response: it answered with something we cannot read, or failed on its side (5xx).
 */
export type PaymentErrorKind = "timeout" | "unreachable" | "refused" | "bad-response";

export class PaymentError extends Error {
  override name = "PaymentError";
  readonly kind: PaymentErrorKind;
  /** HTTP status from the gateway, or 0 when none arrived. */
  readonly status: number;

  constructor(kind: PaymentErrorKind, message: string, details: { status?: number } = {}) {
    super(message);
    this.kind = kind;
    this.status = details.status ?? 0;
  }
}

/**
 * True when the browser may be sent to `target`: a path on the portal itself, or an address
 * on one of the gateway's origins. Anything else would be blocked by the CSP's form-action
 * anyway, and refusing it here turns a confusing blank page into a clear error.
 */
export function isAllowedRedirect(target: string, origins: readonly string[]): boolean {
  // "//host" and "/\host" are protocol-relative to browsers: another site, not a path.
  if (target.startsWith("/")) return !target.startsWith("//") && !target.startsWith("/\\");
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.username !== "" || url.password !== "") return false;
  return origins.includes(url.origin);
}
