import { expect, test as base } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { testSessionSecret } from "../support/portals.ts";
import { sessionCookieFor } from "../support/session.ts";
import { type Portal, startPortal } from "../../support/portal-process.ts";

// Decision 067: a form body that cannot be read is the sender's mistake, on every route that
// takes a form, signed out or in: a 400 page that says so in the page's language, and a
// warning without a stack in the log. Before, each was a 500 with an error-level line and a
// stack, and anyone could fill the error log with them. Its own portal, to read its log.

const ROOT = process.cwd();

const test = base.extend<object, { portal: Portal }>({
  portal: [
    async ({}, use) => {
      const portal = await startPortal(ROOT, { SESSION_SECRET: testSessionSecret() });
      await use(portal);
      await portal.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

/** Bodies no parser can read: a multipart body cut off before its first part ends, and one with no boundary at all. */
const UNREADABLE = [
  { type: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@' },
  { type: "multipart/form-data", body: "email=ada%40example.ng" },
];

/** The 400 page's sentence in each language (app/i18n/messages/*.json, error_bad_request_heading). */
const SENTENCE = {
  "en-NG": "We could not read that request",
  pcm: "We no fit read dat request",
  ha: "Ba mu iya karanta wannan buƙatar ba",
} as const;

const SIGNED_OUT = ["/login", "/register", "/forgot-password", "/language", "/otp", "/login.data"];
const SIGNED_IN = [
  "/dashboard",
  "/dashboard/profile",
  "/dashboard/profile/forgot-pin",
  "/dashboard/purchase-airtime",
  "/dashboard/bulk-purchase",
  "/dashboard/fund-wallet",
  "/dashboard/saved-numbers",
  "/dashboard/customer-lists",
  "/dashboard/transactions/1/recheck",
  "/dashboard/purchase-airtime.data",
  "/logout",
];

type Line = { level?: string; event?: string; path?: string; stack?: unknown };

async function logLines(portal: Portal): Promise<Line[]> {
  return (await portal.logText())
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
}

test("an unreadable form body is a 400 in the page's language on every route, logged as a warning without a stack", async ({
  portal,
}) => {
  const buyer = await createBuyer("unreadable-form", { balanceKobo: 0, database: portal.sandboxDatabase });
  const session = await sessionCookieFor(buyer, {
    origin: portal.origin,
    databasePath: portal.sandboxDatabase,
    portalDatabase: portal.databaseUrl,
  });
  const languages = Object.keys(SENTENCE) as (keyof typeof SENTENCE)[];
  const posts = [
    ...SIGNED_OUT.map((path) => ({ path, cookie: "" })),
    ...SIGNED_IN.map((path) => ({ path, cookie: `${session}; ` })),
  ];
  let sent = 0;
  for (const [index, { path, cookie }] of posts.entries()) {
    for (const { type, body } of UNREADABLE) {
      const language = languages[(index + sent) % languages.length] ?? "en-NG";
      const answer = await fetch(`${portal.origin}${path}`, {
        method: "POST",
        headers: { "Content-Type": type, Origin: portal.origin, Cookie: `${cookie}lang=${language}` },
        body,
        redirect: "manual",
      });
      sent += 1;
      expect(answer.status, `POST ${path} (${type})`).toBe(400);
      const text = await answer.text();
      // A .data answer is React Router's encoding of the same error; a document says the sentence.
      if (!path.endsWith(".data")) expect(text, `POST ${path} in ${language}`).toContain(SENTENCE[language]);
      expect(text).not.toMatch(/TypeError|Failed to parse|at .+:\d+:\d+/);
    }
  }

  const lines = await logLines(portal);
  expect(lines.filter((line) => line.level === "error")).toEqual([]);
  const warnings = lines.filter((line) => line.event === "request.unreadable-form");
  expect(warnings).toHaveLength(sent);
  expect(warnings.every((line) => line.level === "warn" && line.stack === undefined)).toBe(true);

  // A readable form on the same routes still reaches its action: the login form's own answer.
  const login = await fetch(`${portal.origin}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.origin },
    body: "email=ada%40example.ng&password=x",
    redirect: "manual",
  });
  expect(login.status).toBe(403);
});
