import { scriptNonce } from "../support/http.ts";
import { expect, type OwnPortal, SECRET, test } from "../support/own-portal.ts";
import { mintSessionCookie } from "../support/session.ts";

// Decision 018: the document headers on an unexpected error (500) too, and HSTS on every kind
// of answer once the request came over HTTPS through the trusted proxy. On the suite's own
// portal, whose session secret the test knows.

const DOCUMENT_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

/**
 * A session cookie signed with the portal's secret, naming a live sign-in, whose token no HTTP
 * header can carry: the dashboard's first upstream call throws an error nobody expects, which
 * is what a 500 is. (A real token never holds a line break; the cookie stands in for any such bug.)
 */
async function cookieThatBreaksTheDashboard(portal: OwnPortal): Promise<string> {
  const minted = await mintSessionCookie(
    { origin: portal.origin, portalDatabase: portal.databaseUrl },
    { token: "broken\ntoken", accountId: 1, secret: SECRET },
  );
  return minted.pair;
}

test("an unexpected error (500) answers the plain error page with the full document headers", async ({
  playwright,
  ownPortal,
}) => {
  const client = await playwright.request.newContext({ baseURL: ownPortal.origin });
  try {
    const response = await client.get("/dashboard", {
      headers: { Cookie: await cookieThatBreaksTheDashboard(ownPortal) },
    });
    expect(response.status()).toBe(500);
    const headers = response.headers();
    expect(headers).toMatchObject(DOCUMENT_HEADERS);
    expect(scriptNonce(headers["content-security-policy"])).not.toBeNull();
    expect(headers["content-security-policy"]).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
    expect(headers["cache-control"]).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toMatch(/TypeError|broken|at .+:\d+:\d+|node_modules/);
    // The operator finds the error by the request id the answer carries.
    expect(await ownPortal.logText()).toContain(
      `"requestId":"${headers["x-request-id"] ?? "none"}","path":"/dashboard","error"`,
    );
  } finally {
    await client.dispose();
  }
});

test("over HTTPS every kind of answer carries HSTS: a page, page not found, an error, a static file, a refusal", async ({
  playwright,
  ownPortal,
}) => {
  const client = await playwright.request.newContext({ baseURL: ownPortal.origin });
  try {
    const https = { "X-Forwarded-Proto": "https" };
    const answers = [
      ["/", 200, await client.get("/", { headers: https })],
      ["/no-such-page", 404, await client.get("/no-such-page", { headers: https })],
      [
        "/dashboard (500)",
        500,
        await client.get("/dashboard", {
          headers: {
            ...https,
            Cookie: (await cookieThatBreaksTheDashboard(ownPortal)).replace("__session", "__Host-session"),
          },
        }),
      ],
      ["/favicon.svg", 200, await client.get("/favicon.svg", { headers: https })],
      ["POST /login as JSON", 415, await client.post("/login", { data: { email: "x" }, headers: https })],
    ] as const;
    for (const [name, status, response] of answers) {
      expect(response.status(), name).toBe(status);
      expect(response.headers()["strict-transport-security"], name).toMatch(/^max-age=31536000/);
      expect(response.headers()["x-content-type-options"], name).toBe("nosniff");
    }
  } finally {
    await client.dispose();
  }
});
