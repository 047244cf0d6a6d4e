import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect, test } from "@playwright/test";
import { createCookie } from "react-router";
import { createBuyer } from "../support/accounts.ts";
import { postLogin } from "../support/http.ts";
import { startPortal } from "../../support/portal-process.ts";

// Decision 068: a production portal started without SESSION_SECRET (a sandbox deployment)
// never signs with the development value printed in the source, with which anyone could
// forge a cookie or a sealed form. It makes a secret of its own, keeps it beside its database
// (the data volume in the image), says so in the log without the secret, and a restart keeps
// everyone signed in.

const ROOT = process.cwd();
const PUBLISHED = "development-only-session-secret-change-me";

/** The CSRF cookie the login page set, opened with `secret`: null when `secret` did not sign it. */
async function csrfTokenSignedWith(setCookie: string, secret: string): Promise<unknown> {
  const pair = setCookie.split(";")[0] ?? "";
  return createCookie("__csrf", { secrets: [secret] }).parse(pair);
}

test("production without SESSION_SECRET signs with a secret of its own, kept across a restart", async ({
  playwright,
}) => {
  const portal = await startPortal(ROOT, { SESSION_SECRET: "" });
  const request = await playwright.request.newContext({ baseURL: portal.origin });
  try {
    const path = join(dirname(portal.databaseUrl.slice("file:".length)), "session-secret");
    const secret = readFileSync(path, "utf8").trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const setCookie = (await fetch(`${portal.origin}/login`)).headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^__csrf=/);
    expect(await csrfTokenSignedWith(setCookie, PUBLISHED)).toBeNull();
    expect(await csrfTokenSignedWith(setCookie, secret)).toEqual(expect.any(String));

    const buyer = await createBuyer("kept-secret", { balanceKobo: 0, database: portal.sandboxDatabase });
    expect((await postLogin(request, portal.origin, buyer)).status()).toBe(302);
    await portal.restart();
    const dashboard = await request.get("/dashboard", { maxRedirects: 0 });
    expect(dashboard.status(), "still signed in after the restart").toBe(200);
    expect(readFileSync(path, "utf8").trim()).toBe(secret);

    const log = await portal.logText();
    expect(log).toContain(`"event":"session-secret.created","path":${JSON.stringify(path)}`);
    expect(log).toContain(`"event":"session-secret.kept","path":${JSON.stringify(path)}`);
    expect(log).not.toContain(secret);
  } finally {
    await request.dispose();
    await portal.stop();
  }
});
