import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const TESTS = ["app/**/*.test.ts", "server/**/*.test.ts", "sandbox/**/*.test.ts", "tests/contract/**/*.test.ts"];

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
  "sandbox/purchase-concurrency.test.ts",
  "tests/contract/public-calls.test.ts",
];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    projects: [
      { extends: true, test: { name: "shared", include: TESTS, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED } },
    ],
  },
});
