import { randomBytes } from "node:crypto";
import { gatewayOrigins } from "./payments/config.server.ts";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export type PolicyOptions = {
  imageOrigins: string[];
  development: boolean;
  /** Where a form post may end up; the configured payment gateways' origins when left out. */
  formActionOrigins?: readonly string[];
};

/**
 * The policy for HTML documents: scripts only from us with this response's nonce, no
 * framing, no plugins, forms post only to us. Images may also come from the upstream,
 * which hosts provider logos (SPEC.md §2). A card payment form posts to us and we redirect
 * it to the gateway's checkout; browsers check form-action on that redirect too, so the
 * gateways' origins are allowed there.
 */
export function contentSecurityPolicy(nonce: string, options: PolicyOptions): string {
  const formActionOrigins = options.formActionOrigins ?? gatewayOrigins();
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:", ...options.imageOrigins],
    "font-src": ["'self'"],
    "connect-src": options.development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "form-action": ["'self'", ...formActionOrigins],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
  };
  if (options.development) directives["style-src"]?.push("'unsafe-inline'");
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Headers for every response, documents or not. */
export function baseSecurityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    // Not no-referrer: form posts would then carry `Origin: null` and fail the origin check.
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=(), payment=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
