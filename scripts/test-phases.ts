// `npm test`: the whole suite, one phase after another, stopping at the first that fails,
// then a table of how long each took, so CI's log shows where the time goes (decision 047).
// The browser tests run one Playwright project at a time for the same reason.

import { spawnSync } from "node:child_process";

type Phase = { name: string; command: string; args: string[] };

const npx = (...args: string[]): Pick<Phase, "command" | "args"> => ({ command: "npx", args });
const npmRun = (script: string): Pick<Phase, "command" | "args"> => ({ command: "npm", args: ["run", script] });

const PHASES: Phase[] = [
  { name: "typecheck", ...npmRun("typecheck") },
  // The compiled messages and route types typecheck just generated are the ones lint reads.
  { name: "lint", ...npmRun("lint:checks") },
  { name: "vitest", ...npx("vitest", "run") },
  { name: "build", ...npmRun("build") },
  // The projects of playwright.config.ts, each with its own browser tests.
  { name: "playwright js-off", ...npx("playwright", "test", "--project=js-off") },
  { name: "playwright js-on", ...npx("playwright", "test", "--project=js-on") },
  { name: "playwright once", ...npx("playwright", "test", "--project=once") },
  { name: "playwright http", ...npx("playwright", "test", "--project=http") },
  // The image built and run by Debian's podman (decision 040); last, as the slowest to set up.
  { name: "image (podman)", command: "bash", args: ["scripts/image-test.sh"] },
];

type Outcome = { name: string; seconds: number; status: "passed" | "failed" | "not run" };

function run(phase: Phase): Outcome {
  console.log(`\n▶ ${phase.name}: ${[phase.command, ...phase.args].join(" ")}`);
  const started = process.hrtime.bigint();
  const result = spawnSync(phase.command, phase.args, { stdio: "inherit" });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { name: phase.name, seconds, status: result.status === 0 ? "passed" : "failed" };
}

function table(outcomes: readonly Outcome[]): string {
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length), "total".length);
  const line = (name: string, time: string, status: string) => `${name.padEnd(width)}  ${time.padStart(8)}  ${status}`;
  const ran = outcomes.filter((outcome) => outcome.status !== "not run");
  const total = ran.reduce((sum, outcome) => sum + outcome.seconds, 0);
  return [
    line("phase", "seconds", "result"),
    ...outcomes.map((outcome) =>
      line(outcome.name, outcome.status === "not run" ? "-" : outcome.seconds.toFixed(1), outcome.status),
    ),
    line("total", total.toFixed(1), ran.every((outcome) => outcome.status === "passed") ? "passed" : "failed"),
  ].join("\n");
}

const outcomes: Outcome[] = [];
for (const phase of PHASES) {
  const failed = outcomes.some((outcome) => outcome.status === "failed");
  outcomes.push(failed ? { name: phase.name, seconds: 0, status: "not run" } : run(phase));
}
console.log(`\nTest phases\n${table(outcomes)}`);
process.exitCode = outcomes.every((outcome) => outcome.status === "passed") ? 0 : 1;
