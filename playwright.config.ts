import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./tests/support/chromium.ts";

// The real server (the production build) on the embedded sandbox with a fresh database,
// plus a second one whose upstream is unreachable, for the outage page.
// E2E_PORT moves both servers, so two checkouts can run their suites side by side.
export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3100);
export const OUTAGE_PORT = PORTAL_PORT + 1;
// Set once by the runner and inherited by its workers, so tests can reach the same file
// (for example to revoke a token as an expired session would be).
process.env.E2E_SANDBOX_DB ??= join(mkdtempSync(join(tmpdir(), "portal-e2e-")), "sandbox.db");
export const SANDBOX_DB = process.env.E2E_SANDBOX_DB;
/** The portal's own database (PINs, saved customers, sessions), beside the sandbox's. */
export const PORTAL_DB = join(SANDBOX_DB, "..", "portal.db");
// Inherited the same way: tests sign buyers in by minting a session cookie with it (tests/e2e/support/session.ts).
process.env.E2E_SESSION_SECRET ??= "playwright-session-secret-0123456789";

const HTTP_SPECS = /\.http\.spec\.ts$/;
const ONCE_SPECS = /\.once\.spec\.ts$/;

const serverEnvironment = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  SESSION_SECRET: process.env.E2E_SESSION_SECRET,
  PRODUCT_NAME: "Payvend",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two: this machine and CI have two cores, and Playwright's default (half of them) leaves one idle.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  // A guard against hangs, not a speed check: CI is a loaded 2-core machine.
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    launchOptions: CHROMIUM_LAUNCH,
  },
  // A flow runs twice where JavaScript changes what the person sees or does: as a phone with
  // JavaScript off, and with it on. What it does not change runs once (decision 047):
  // - *.http.spec.ts involve no browser (plain requests, other portal processes): project http;
  // - *.once.spec.ts use a browser on pages no script changes (public pages, headers, CSV):
  //   project once, with JavaScript off as most of the portal's visitors;
  // - a test tagged @once in a two-mode file runs in js-off only (a rule every product shares,
  //   a file download, the axe check of a state no script changes);
  // - a test tagged @js-only checks a state only JavaScript makes (an open dialog): js-on only.
  projects: [
    {
      name: "js-off",
      use: { javaScriptEnabled: false },
      testIgnore: [HTTP_SPECS, ONCE_SPECS],
      grepInvert: /@js-only/,
    },
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: [HTTP_SPECS, ONCE_SPECS], grepInvert: /@once/ },
    { name: "once", use: { javaScriptEnabled: false }, testMatch: ONCE_SPECS },
    { name: "http", testMatch: HTTP_SPECS },
  ],
  webServer: [
    {
      command: "node server.ts",
      url: `http://127.0.0.1:${PORTAL_PORT}/healthz`,
      // Every test signs in from 127.0.0.1, several hundred times a run: one address standing
      // for many customers, as a carrier's CGNAT does.
      env: {
        ...serverEnvironment,
        PORT: String(PORTAL_PORT),
        SANDBOX_DB,
        DATABASE_URL: `file:${PORTAL_DB}`,
        // A PIN is asked once a person has set one: the PIN's specs set one, the rest buy without.
        TRANSACTION_PIN: "optional",
        LOGIN_ATTEMPTS_PER_IP: "10000",
      },
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node server.ts",
      url: `http://127.0.0.1:${OUTAGE_PORT}/healthz`,
      // Port 9 (discard) on loopback: nothing listens, so every upstream call is refused.
      env: {
        ...serverEnvironment,
        PORT: String(OUTAGE_PORT),
        DATABASE_URL: `file:${join(SANDBOX_DB, "..", "outage-portal.db")}`,
        UPSTREAM_URL: "http://127.0.0.1:9",
        UPSTREAM_TIMEOUT_MS: "2000",
      },
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
