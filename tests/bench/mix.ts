import type { Request, Result } from "autocannon";
import { demoAccounts } from "../../sandbox/seed/demo-accounts.ts";
import { send } from "./http.ts";
import { runLoad } from "./load.ts";
import { decodeEntities } from "./weight.ts";

// The load scenario: many people at once, each going round the public pages, signing in
// and out, and reading their dashboard, through the whole stack down to the embedded
// sandbox. The page runs in load.ts hammer one URL; this one mixes what real traffic mixes.

export type MixSettings = {
  connections: number;
  durationSeconds: number;
  /** 0 skips the warm-up. */
  warmupSeconds: number;
  /** Sessions signed in before the run, shared out over the connections for the dashboard pages. */
  sessions: number;
};

export type Kind = "public" | "login" | "dashboard";

/** One kind of request in the mix, as measured. */
export type StepResult = {
  kind: Kind;
  label: string;
  count: number;
  p99Ms: number;
  /** Answers other than the expected one: "403", "302 to /otp", ... with how many of each. */
  unexpected: Record<string, number>;
};

export type MixResult = {
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors; autocannon counts its timeouts among them. */
  connectionErrors: number;
  timeouts: number;
  /** Answers of a status or redirect target the step does not expect. */
  unexpectedAnswers: number;
  steps: StepResult[];
};

/** Thrown when the mix cannot even start: no sign-in worked before the run. */
export class MixSetupError extends Error {
  override name = "MixSetupError";
}

/** What one connection knows on its way round the mix; emptied each time round. */
type Visit = {
  /** When the request was built; NaN for a connection's first, which autocannon builds before it connects. */
  sentAt: number;
  /** A session signed in before the run, for the dashboard pages. */
  session: string;
  account: number;
  csrfCookie: string;
  csrfToken: string;
  /** The session this visit's own login opened, used once and then logged out. */
  ownSession: string;
};

type Step = {
  kind: Kind;
  label: string;
  method: "GET" | "POST";
  path: string;
  status: number;
  /** For a redirect, where it must lead. */
  location?: string;
  /** Cookie header and form body for this visit. */
  prepare?: (visit: Visit) => { cookie: string; form?: Record<string, string> };
  /** The bench reads this answer's HTML, so it asks for it uncompressed. */
  readsBody?: boolean;
  /** Reads what later steps need out of the answer. */
  read?: (visit: Visit, body: string, setCookies: string[]) => void;
};

const CSRF_COOKIE = "__csrf";
const SESSION_COOKIE = "__session";

/** `name=value` of the named cookie among Set-Cookie headers; "" when it is not set. */
function cookieFrom(setCookies: readonly string[], name: string): string {
  for (const header of setCookies) {
    const pair = header.split(";", 1)[0] ?? "";
    if (pair.startsWith(`${name}=`) && pair.length > name.length + 1) return pair;
  }
  return "";
}

/** The value of a page's first `<input name="...">`, hidden fields included; "" when missing. */
export function inputValueFrom(html: string, name: string): string {
  const named = new RegExp(`\\bname="${name}"`);
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    if (!named.test(tag)) continue;
    // A value may hold "&", which React writes as "&amp;".
    return decodeEntities(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "");
  }
  return "";
}

/** The login form's hidden CSRF token (remix-utils' AuthenticityTokenInput); "" when missing. */
const csrfTokenFrom = (html: string) => inputValueFrom(html, "csrf");

/** Response headers from node:http or from autocannon, which keeps the server's spelling of names. */
type Headers = Readonly<Record<string, string | string[] | undefined>>;

function setCookieList(headers: Headers): string[] {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "set-cookie" || value === undefined) continue;
    return Array.isArray(value) ? value : [value];
  }
  return [];
}

function headerValue(headers: Headers, wanted: string): string {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === wanted) return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
  }
  return "";
}

const loginForm = (visit: Visit): Record<string, string> => {
  const account = demoAccounts[visit.account % demoAccounts.length];
  return {
    csrf: visit.csrfToken,
    // The honeypot: people leave it empty, and so does the bench, or the post is refused as spam.
    website: "",
    email: account?.email ?? "",
    password: account?.password ?? "",
    redirectTo: "",
  };
};

const withSession = (visit: Visit) => ({ cookie: visit.session });

/**
 * One visitor's way round: 11 requests, of which 3 public pages, 4 dashboard pages on a
 * session from before the run, and a login with its redirect and a logout.
 */
const STEPS: readonly Step[] = [
  { kind: "public", label: "GET /", method: "GET", path: "/", status: 200 },
  { kind: "public", label: "GET /pricing", method: "GET", path: "/pricing", status: 200 },
  { kind: "dashboard", label: "GET /dashboard", method: "GET", path: "/dashboard", status: 200, prepare: withSession },
  { kind: "public", label: "GET /about-us", method: "GET", path: "/about-us", status: 200 },
  {
    kind: "dashboard",
    label: "GET /dashboard/transactions",
    method: "GET",
    path: "/dashboard/transactions",
    status: 200,
    prepare: withSession,
  },
  {
    kind: "login",
    label: "GET /login",
    method: "GET",
    path: "/login",
    status: 200,
    readsBody: true,
    read(visit, body, setCookies) {
      visit.csrfCookie = cookieFrom(setCookies, CSRF_COOKIE);
      visit.csrfToken = csrfTokenFrom(body);
    },
  },
  {
    kind: "login",
    label: "POST /login",
    method: "POST",
    path: "/login",
    status: 302,
    location: "/dashboard",
    prepare: (visit) => ({ cookie: visit.csrfCookie, form: loginForm(visit) }),
    read(visit, _body, setCookies) {
      visit.ownSession = cookieFrom(setCookies, SESSION_COOKIE);
    },
  },
  {
    kind: "login",
    label: "GET /dashboard after login",
    method: "GET",
    path: "/dashboard",
    status: 200,
    prepare: (visit) => ({ cookie: [visit.csrfCookie, visit.ownSession].filter(Boolean).join("; ") }),
  },
  {
    kind: "dashboard",
    label: "GET /dashboard/profile",
    method: "GET",
    path: "/dashboard/profile",
    status: 200,
    prepare: withSession,
  },
  {
    kind: "dashboard",
    label: "GET /dashboard/purchase-data",
    method: "GET",
    path: "/dashboard/purchase-data",
    status: 200,
    prepare: withSession,
  },
  {
    kind: "login",
    label: "POST /logout",
    method: "POST",
    path: "/logout",
    status: 302,
    location: "/login",
    prepare: (visit) => ({
      cookie: [visit.csrfCookie, visit.ownSession].filter(Boolean).join("; "),
      form: { csrf: visit.csrfToken },
    }),
  },
];

/** Sign one demo account in the way a browser without JavaScript does; the Cookie header it then sends. */
async function signIn(origin: string, index: number): Promise<string> {
  const account = demoAccounts[index % demoAccounts.length];
  if (!account) throw new MixSetupError("the sandbox has no demo accounts");
  return signInAs(origin, account, index);
}

/**
 * The Cookie header a browser sends once the account is signed in, after the dashboard
 * answered 200 with it: the session and the CSRF cookie the login page set, as every
 * browser sends both back (without it, each page would mint and sign a new CSRF token).
 */
export async function signInAs(
  origin: string,
  account: { email: string },
  index = demoAccounts.findIndex((demo) => demo.email === account.email),
): Promise<string> {
  const page = await send(`${origin}/login`, {});
  const csrfCookie = cookieFrom(setCookieList(page.headers), CSRF_COOKIE);
  const visit: Visit = {
    ...emptyVisit(),
    account: index,
    csrfCookie,
    csrfToken: csrfTokenFrom(page.body.toString("utf8")),
  };
  const posted = await send(`${origin}/login`, {
    method: "POST",
    headers: { Cookie: csrfCookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(loginForm(visit)).toString(),
  });
  const session = cookieFrom(setCookieList(posted.headers), SESSION_COOKIE);
  if (posted.status !== 302 || posted.headers.location !== "/dashboard" || session === "") {
    throw new MixSetupError(
      `logging ${account.email} in answered ${posted.status} ${posted.headers.location ?? ""}, expected 302 to /dashboard with a session cookie`,
    );
  }
  const cookie = [csrfCookie, session].filter(Boolean).join("; ");
  const dashboard = await send(`${origin}/dashboard`, { headers: { Cookie: cookie } });
  if (dashboard.status !== 200)
    throw new MixSetupError(`GET /dashboard as ${account.email} answered ${dashboard.status}, expected 200`);
  return cookie;
}

export async function signInSessions(origin: string, count: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let index = 0; index < count; index += 1) sessions.push(await signIn(origin, index));
  return sessions;
}

/** Answers to one step: how many, the times of those timed, and those not expected. */
type Tally = { step: Step; answers: number; durations: number[]; unexpected: Map<string, number> };

function percentile99(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

function emptyVisit(): Visit {
  return { sentAt: 0, session: "", account: 0, csrfCookie: "", csrfToken: "", ownSession: "" };
}

/**
 * The mix as autocannon requests. Every callback here runs inside autocannon's socket
 * handlers, where a throw would crash the bench and leave the portal running, so none may throw.
 */
function requests(
  origin: string,
  sessions: readonly string[],
  connections: number,
  tallies: Tally[],
): Request<Visit>[] {
  let visits = 0;
  return STEPS.map((step, index): Request<Visit> => {
    const tally = tallies[index];
    return {
      method: step.method,
      path: step.path,
      setupRequest(request, visit) {
        if (index === 0) {
          visit.session = sessions[visits % sessions.length] ?? "";
          visit.account = visits;
          visits += 1;
        }
        // autocannon builds each connection's first request when it creates the connection,
        // before connecting and before the run's start-up burst: timing it from here would
        // charge that wait to GET /, so it is answered and checked but not timed.
        visit.sentAt = index === 0 && visits <= connections ? Number.NaN : performance.now();
        const prepared = step.prepare?.(visit);
        const headers: Record<string, string> = {
          Accept: "text/html",
          // Browsers ask for gzip, so the portal compresses as it would for people.
          ...(step.readsBody ? {} : { "Accept-Encoding": "gzip" }),
        };
        if (prepared?.cookie) headers.Cookie = prepared.cookie;
        if (!prepared?.form) return { ...request, headers };
        return {
          ...request,
          headers: { ...headers, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(prepared.form).toString(),
        };
      },
      onResponse(status, body, visit, headers) {
        if (!tally) return;
        tally.answers += 1;
        if (!Number.isNaN(visit.sentAt)) tally.durations.push(performance.now() - visit.sentAt);
        const location = headerValue(headers, "location");
        if (status !== step.status || (step.location !== undefined && location !== step.location)) {
          const key =
            step.location === undefined || status !== step.status
              ? String(status)
              : `${status} to ${location || "(none)"}`;
          tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + 1);
        }
        step.read?.(visit, body, setCookieList(headers));
      },
    };
  });
}

async function runMix(
  origin: string,
  sessions: readonly string[],
  connections: number,
  durationSeconds: number,
): Promise<{ result: Result; tallies: Tally[] }> {
  const tallies = STEPS.map((step) => ({ step, answers: 0, durations: [], unexpected: new Map<string, number>() }));
  // On this thread: autocannon's workers cannot take functions, and the mix needs them.
  // Nothing else runs on this thread during the mix.
  const result = await runLoad<Visit>({
    url: origin,
    connections,
    duration: durationSeconds,
    workers: 0,
    requests: requests(origin, sessions, connections, tallies),
    initialContext: emptyVisit(),
  });
  return { result, tallies };
}

/**
 * Warm up on the same mix and throw that run away, call `measuring` (so memory sampling
 * starts after the warm-up), then measure.
 */
export async function measureMix(
  origin: string,
  sessions: readonly string[],
  settings: MixSettings,
  measuring: () => void,
): Promise<MixResult> {
  if (settings.warmupSeconds > 0) await runMix(origin, sessions, settings.connections, settings.warmupSeconds);
  measuring();
  const { result, tallies } = await runMix(origin, sessions, settings.connections, settings.durationSeconds);
  const steps = tallies.map(({ step, answers, durations, unexpected }) => ({
    kind: step.kind,
    label: step.label,
    count: answers,
    p99Ms: Math.round(percentile99(durations)),
    unexpected: Object.fromEntries(unexpected),
  }));
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    unexpectedAnswers: steps.reduce((sum, step) => sum + Object.values(step.unexpected).reduce((a, b) => a + b, 0), 0),
    steps,
  };
}
