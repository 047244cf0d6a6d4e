import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, utimesSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { ZOD_IN_THE_BROWSER } from "./vite.config.ts";

const TESTS = [
  "app/**/*.test.ts",
  "server/**/*.test.ts",
  "sandbox/**/*.test.ts",
  "tests/contract/**/*.test.ts",
  "tests/docs/**/*.test.ts",
];

// Files that change module state another file could see: vi.mock, spies and stubs,
// process.env read by env()'s cache, the upstream target, fake timers. Each runs in a fresh
// module graph as before. Every other file shares its worker's modules with the next one
// (isolate: false), which saves re-importing React Router, zod and the sandbox for each file
// (decision 047). A new test file that does any of the above belongs in this list.
const ISOLATED = [
  "app/bulk/runner.server.test.ts",
  "app/history/history.server.test.ts",
  "app/infra/cache.server.test.ts",
  "app/payments/flutterwave.server.test.ts",
  "app/payments/monnify.server.test.ts",
  "app/payments/sandbox.server.test.ts",
  "app/purchases/confirmation.server.test.ts",
  "app/purchases/verification.server.test.ts",
  "app/session/session.server.test.ts",
  "app/upstream/client.server.test.ts",
  "app/upstream/funding.server.test.ts",
  "sandbox/purchases/purchase-concurrency.test.ts",
  "tests/contract/public-calls.test.ts",
];

// For Vitest: the messages compiled before any test imports them, as the build
// and `npm run i18n` do (decision 055), when a messages file or the settings changed since
// the last compile. In a child process: the compiler leaves handles open that would keep
// Vitest from exiting.

const COMPILED = "app/i18n/paraglide/messages.js";
const SOURCES = [
  "project.inlang/settings.json",
  ...readdirSync("app/i18n/messages").map((name) => `app/i18n/messages/${name}`),
];

function compileMessagesIfChanged(): void {
  const compiledAt = existsSync(COMPILED) ? statSync(COMPILED).mtimeMs : 0;
  if (SOURCES.every((source) => statSync(source).mtimeMs < compiledAt)) return;
  const result = spawnSync("npm", ["run", "--silent", "i18n"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("The messages did not compile (npm run i18n).");
  // The compiler leaves a file it would write the same untouched: this one dates the compile.
  const now = new Date();
  utimesSync(COMPILED, now, now);
}

compileMessagesIfChanged();

export default defineConfig({
  test: {
    environment: "node",
    // Vitest leaves one core free by default, which on this 2-core machine and CI runs one
    // file at a time; two workers take the phase from about 120 s to 85 s (decision 063).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // One PostgreSQL for the run's files that check both engines (decision 047).
        test: {
          name: "shared",
          include: TESTS,
          exclude: ISOLATED,
          isolate: false,
          globalSetup: ["tests/support/vitest-postgres.ts"],
        },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
      // The forms' rules once more as the browser reads them, Zod's small API being our own
      // reading of it there (decision 082), so a form that reads differently in the browser fails.
      // parseForm's own test builds a file field, which no form has. Only the app's modules read
      // it so: the sandbox, which a test may reach through the upstream client, never runs there.
      {
        extends: true,
        plugins: [
          {
            name: "forms-in-the-browser",
            enforce: "pre",
            resolveId: (id: string, importer: string | undefined) =>
              /^zod\/(mini|v4\/core)$/.test(id) && importer?.includes("/app/") ? ZOD_IN_THE_BROWSER : null,
          },
        ],
        test: {
          name: "forms-in-the-browser",
          include: ["app/forms/*.test.ts", "app/components/**/*.test.ts"],
          exclude: ["app/forms/submission.test.ts"],
        },
      },
    ],
  },
});
