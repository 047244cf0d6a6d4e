import { revokeUserTokens } from "./auth.ts";
import { accountRoutes } from "./calls/account.ts";
import { kycRoutes } from "./calls/kyc.ts";
import { otpRoutes } from "./calls/otp.ts";
import { passwordResetRoutes } from "./calls/password-reset.ts";
import { publicRoutes } from "./calls/public.ts";
import { registerRoutes } from "./calls/register.ts";
import { sessionRoutes } from "./calls/session.ts";
import { settingsRoutes } from "./calls/settings.ts";
import { transactionRoutes } from "./calls/transactions.ts";
import type { SandboxContext } from "./context.ts";
import { isoTime } from "./context.ts";
import { inTransaction, openDatabase } from "./db.ts";
import { writeJsonLine } from "./log.ts";
import type { Log } from "./log.ts";
import { listOutbox } from "./outbox.ts";
import type { OutboxMessage } from "./outbox.ts";
import { methodNotAllowed, notFound, serverError } from "./responses.ts";
import { createRouter } from "./router.ts";
import { seedDatabase } from "./seed.ts";
import { findUserByEmail } from "./users.ts";

export interface SandboxOptions {
  readonly databasePath: string;
  readonly log?: Log;
  // The portal's origin, for links in e-mails; default http://localhost:3000.
  readonly portalOrigin?: string;
  // Milliseconds since the epoch; tests pass their own clock to step past expiries.
  readonly now?: () => number;
}

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  // Newest first: what a tester (or a test) reads instead of a real inbox.
  outbox(limit?: number): OutboxMessage[];
  // Revokes every live token of the account and says how many there were; 0 for an unknown
  // e-mail. Lets a test stand for a session the upstream has expired.
  revokeTokens(email: string): number;
  close(): void;
}

const defaultPortalOrigin = "http://localhost:3000";

const router = createRouter<SandboxContext>([
  ...publicRoutes,
  ...registerRoutes,
  ...sessionRoutes,
  ...accountRoutes,
  ...otpRoutes,
  ...passwordResetRoutes,
  ...kycRoutes,
  ...settingsRoutes,
  ...transactionRoutes,
]);

export function createSandbox(options: SandboxOptions): Sandbox {
  const log = options.log ?? writeJsonLine;
  const now = options.now ?? Date.now;
  const portalOrigin = normaliseOrigin(options.portalOrigin ?? defaultPortalOrigin);
  const db = openDatabase(options.databasePath);
  try {
    seedDatabase(db, now);
  } catch (error) {
    db.close();
    throw error;
  }

  async function handle(request: Request): Promise<Response> {
    let pathname = "";
    try {
      const url = new URL(request.url);
      pathname = url.pathname;
      const match = router(request.method, url.pathname);
      switch (match.kind) {
        case "not-found":
          return notFound();
        case "method-not-allowed":
          return methodNotAllowed(match.allowed);
        case "found":
          return await match.route.handle({ db, request, url, log, now, portalOrigin }, match.params);
      }
    } catch (error) {
      // The detail goes to the log only: a client, even a test one, never sees internals.
      log({
        level: "error",
        event: "sandbox_error",
        method: request.method,
        path: pathname,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return serverError();
    }
  }

  function revokeTokens(email: string): number {
    return inTransaction(db, () => {
      const user = findUserByEmail(db, email);
      return user === undefined ? 0 : revokeUserTokens(db, user.id, isoTime({ now }));
    });
  }

  function close(): void {
    if (db.isOpen) {
      db.close();
    }
  }

  return { handle, outbox: (limit) => listOutbox(db, limit), revokeTokens, close };
}

// Links are built as origin + path, so a trailing slash or a path here would double up or
// point elsewhere; a bad value is a configuration error, reported at start.
function normaliseOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new Error(`portalOrigin must be an http or https origin, not "${value}".`);
  }
  return url.origin;
}
