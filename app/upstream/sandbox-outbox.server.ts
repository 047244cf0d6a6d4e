import { parseCookie, stringifySetCookie } from "cookie";
import { z } from "zod";
import { seal, unseal } from "../infra/seal.server.ts";
import { embeddedSandbox } from "./transport.server.ts";

// Who may read which of the embedded sandbox's mails (decision 069). A one-time code or a reset
// link is the key to an account, so a browser reads only the mails to the published demo
// accounts and to the addresses it has shown it holds: one it registered, or the one it was
// signed in as when it asked for a new code. Both follow a password the sandbox accepted;
// asking for a reset link proves nothing, so it adds no address. The addresses live in a
// sealed cookie of this browser's own: the portal keeps nothing of it.

const PURPOSE = "sandbox-outbox";
/** The newest few: a tester signs up a handful of accounts, and the cookie stays far below 4 KB. */
const MAX_ADDRESSES = 8;
const MAX_EMAIL_LENGTH = 254;
const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;
const PAGE_SIZE = 50;

const addressesSchema = z.array(z.string().max(MAX_EMAIL_LENGTH)).max(MAX_ADDRESSES);

function cookieName(secure: boolean): string {
  return secure ? "__Host-sandbox-outbox" : "__sandbox-outbox";
}

/** The addresses this browser holds, newest first; none for a missing, forged or foreign cookie. */
function ownAddresses(request: Request, secure: boolean): string[] {
  const sealed = parseCookie(request.headers.get("Cookie") ?? "")[cookieName(secure)];
  return unseal(PURPOSE, addressesSchema, sealed) ?? [];
}

/**
 * The Set-Cookie header that lets this browser read the mails to `email`, which it has just
 * shown it holds; null when the portal talks to a real upstream, which sends real mail.
 */
export function outboxReaderCookie(request: Request, secure: boolean, email: string): string | null {
  if (embeddedSandbox() === null || email.length > MAX_EMAIL_LENGTH) return null;
  const others = ownAddresses(request, secure).filter((address) => address.toLowerCase() !== email.toLowerCase());
  return stringifySetCookie({
    name: cookieName(secure),
    value: seal(PURPOSE, [email, ...others].slice(0, MAX_ADDRESSES)),
    path: "/",
    maxAge: ONE_WEEK_SECONDS,
    httpOnly: true,
    sameSite: "lax",
    secure,
  });
}

/** The mails this browser may read, newest first; null when there is no embedded sandbox. */
export function readableOutbox(request: Request, secure: boolean) {
  const sandbox = embeddedSandbox();
  if (sandbox === null) return null;
  return sandbox.outbox({ to: [...sandbox.demoEmails, ...ownAddresses(request, secure)], limit: PAGE_SIZE });
}
