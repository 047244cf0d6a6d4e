import { revokeUserTokens } from "./accounts/auth.ts";
import { accountRoutes } from "./calls/account.ts";
import { airtimeRoutes } from "./calls/airtime.ts";
import { cableRoutes } from "./calls/cable.ts";
import { dataRoutes } from "./calls/data.ts";
import { electricityRoutes } from "./calls/electricity.ts";
import { examRoutes } from "./calls/exam.ts";
import { fundingRoutes } from "./calls/funding.ts";
import { gatewayRoutes } from "./calls/gateway.ts";
import { kycRoutes } from "./calls/kyc.ts";
import { otpRoutes } from "./calls/otp.ts";
import { passwordResetRoutes } from "./calls/password-reset.ts";
import { publicRoutes } from "./calls/public.ts";
import { registerRoutes } from "./calls/register.ts";
import { reservedAccountRoutes } from "./calls/reserved-account.ts";
import { sessionRoutes } from "./calls/session.ts";
import { settingsRoutes } from "./calls/settings.ts";
import { smsRoutes } from "./calls/sms.ts";
import { transactionRoutes } from "./calls/transactions.ts";
import type { SandboxContext } from "./http/context.ts";
import { isoTime } from "./http/context.ts";
import { inTransaction, openDatabase } from "./store/db.ts";
import { simulateTransfer } from "./money/funding.ts";
import type { Transfer, TransferResult } from "./money/funding.ts";
import { findGatewayPayment } from "./money/gateway.ts";
import type { GatewayPayment } from "./money/gateway.ts";
import { writeJsonLine } from "./http/log.ts";
import type { Log } from "./http/log.ts";
import { decideManualReport, listManualReports } from "./money/manual-reports.ts";
import type { DecisionResult, ManualDecision, ManualReport } from "./money/manual-reports.ts";
import { demoAccounts } from "./seed/demo-accounts.ts";
import { listOutbox } from "./accounts/outbox.ts";
import type { OutboxMessage, OutboxQuery } from "./accounts/outbox.ts";
import { methodNotAllowed, notFound, serverError } from "./http/responses.ts";
import { listReservedAccounts } from "./money/reserved-accounts.ts";
import type { ReservedProvider } from "./money/reserved-accounts.ts";
import { createRouter } from "./http/router.ts";
import { seedDatabase } from "./seed/seed.ts";
import { settleDuePurchases } from "./purchases/settlement.ts";
import { findUserByEmail } from "./accounts/users.ts";

export interface SandboxOptions {
  readonly databasePath: string;
  readonly log?: Log;
  // The portal's origin, for links in e-mails; default http://localhost:3000.
  readonly portalOrigin?: string;
  // Milliseconds since the epoch; tests pass their own clock to step past expiries.
  readonly now?: () => number;
  // How long a purchase the simulated biller holds as pending waits, by `now`, before it
  // settles as delivered; default one minute.
  readonly settleAfterMs?: number;
  // Where a browser reaches the gateway's checkout pages: checkout_url is this plus
  // /gateway/checkout/<reference>. The portal passes `${portalOrigin}/sandbox` in embedded
  // mode; by default it is the origin of the request that created the payment, which is
  // right when the sandbox is served over HTTP.
  readonly gatewayBase?: string;
}

// What the tester pages list: every reserved account with its owner, for a transfer picker.
export interface ReservedAccountListing {
  readonly email: string;
  readonly provider: ReservedProvider;
  readonly accountName: string;
  readonly accountNumber: string;
  readonly bankName: string;
}

export type { DecisionResult, GatewayPayment, ManualDecision, ManualReport, Transfer, TransferResult };

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  // Newest first: what a tester (or a test) reads instead of a real inbox; the portal's page
  // asks only for the addresses its reader may see.
  outbox(query?: OutboxQuery): OutboxMessage[];
  // The published demo accounts' addresses (README), whose mails anyone may read.
  readonly demoEmails: readonly string[];
  // Revokes every live token of the account and says how many there were; 0 for an unknown
  // e-mail. Lets a test stand for a session the upstream has expired.
  revokeTokens(email: string): number;
  // Tester operations, for the portal's embedded-only pages (docs/sandbox.md, "Sandbox gateway
  // and tester operations"). Each write is one transaction, safe beside live requests.
  reservedAccounts(): ReservedAccountListing[];
  // A deposit to a reserved account, credited less 0.85 %, as the bank's notice would be.
  simulateTransfer(transfer: Transfer): TransferResult;
  // Newest first.
  manualReports(): ManualReport[];
  // Approval credits the reported amount once; any second decision changes nothing.
  decideManualReport(id: number, decision: ManualDecision): DecisionResult;
  gatewayPayment(reference: string): GatewayPayment | undefined;
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
  ...airtimeRoutes,
  ...dataRoutes,
  ...cableRoutes,
  ...electricityRoutes,
  ...examRoutes,
  ...smsRoutes,
  ...fundingRoutes,
  ...reservedAccountRoutes,
  ...gatewayRoutes,
]);

const defaultSettleAfterMs = 60_000;
// Reads settle what is due for their caller; the timer catches the rest (a purchase nobody
// looks at), so it need not be frequent.
const maxSettleIntervalMs = 5_000;
const minSettleIntervalMs = 100;

export function createSandbox(options: SandboxOptions): Sandbox {
  const log = options.log ?? writeJsonLine;
  const now = options.now ?? Date.now;
  const portalOrigin = normaliseOrigin(options.portalOrigin ?? defaultPortalOrigin);
  const settleAfterMs = options.settleAfterMs ?? defaultSettleAfterMs;
  const gatewayBase = options.gatewayBase === undefined ? undefined : normaliseBase(options.gatewayBase);
  if (!Number.isSafeInteger(settleAfterMs) || settleAfterMs < 0) {
    throw new Error(`settleAfterMs must be a whole number of milliseconds, not ${settleAfterMs}.`);
  }
  const db = openDatabase(options.databasePath);
  try {
    seedDatabase(db, now);
  } catch (error) {
    db.close();
    throw error;
  }

  function settleDue(): void {
    if (!db.isOpen) {
      return;
    }
    try {
      settleDuePurchases(db, isoTime({ now }));
    } catch (error) {
      // Another process may hold the write lock past the busy timeout; the next tick retries.
      log({
        level: "error",
        event: "sandbox_settle_failed",
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  }
  const settleTimer = setInterval(
    settleDue,
    Math.min(maxSettleIntervalMs, Math.max(minSettleIntervalMs, settleAfterMs)),
  );
  // The timer alone must not keep a process (a test run, a CLI) alive.
  settleTimer.unref();

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
          return await match.route.handle(
            { db, request, url, log, now, portalOrigin, settleAfterMs, gatewayBase: gatewayBase ?? url.origin },
            match.params,
          );
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

  function at(): string {
    return isoTime({ now });
  }

  function close(): void {
    clearInterval(settleTimer);
    if (db.isOpen) {
      db.close();
    }
  }

  return {
    handle,
    outbox: (query) => listOutbox(db, query),
    demoEmails: demoAccounts.map((account) => account.email),
    revokeTokens,
    reservedAccounts: () =>
      listReservedAccounts(db).map(({ email, provider, accountName, accountNumber, bankName }) => ({
        email,
        provider,
        accountName,
        accountNumber,
        bankName,
      })),
    simulateTransfer: (transfer) => simulateTransfer(db, transfer, at()),
    manualReports: () => listManualReports(db),
    decideManualReport: (id, decision) => decideManualReport(db, id, decision, at()),
    gatewayPayment: (reference) => findGatewayPayment(db, reference),
    close,
  };
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

// The gateway base may carry a path (the portal's /sandbox), so unlike the portal origin it
// keeps one, without a trailing slash, since paths are appended to it.
function normaliseBase(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (
    url === undefined ||
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username !== "" ||
    url.password !== "" ||
    url.search !== "" ||
    url.hash !== ""
  ) {
    throw new Error(`gatewayBase must be an http or https URL with no query, not "${value}".`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
