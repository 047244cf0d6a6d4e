// `npm test`: the whole suite, stage by stage, stopping after the first stage that fails,
// then a table of how long each phase took, so CI's log shows where the time goes (decision 047).
// The browser tests run one Playwright project at a time for the same reason. The type check
// and lint each keep one core busy, so they run side by side (decision 063), their output
// printed whole once each ends.

import { spawn } from "node:child_process";

type Phase = { name: string; command: string; args: string[] };

const npx = (...args: string[]): Pick<Phase, "command" | "args"> => ({ command: "npx", args });
const npmRun = (script: string): Pick<Phase, "command" | "args"> => ({ command: "npm", args: ["run", script] });

/** Each stage's phases run together; a stage starts when the one before it has passed. */
const STAGES: Phase[][] = [
  // The compiled messages and route types that both the type check and lint read.
  [{ name: "generate", ...npmRun("generate") }],
  [
    { name: "typecheck", ...npx("tsc") },
    { name: "lint", ...npmRun("lint:checks") },
  ],
  [{ name: "vitest", ...npx("vitest", "run") }],
  [{ name: "build", ...npmRun("build") }],
  // The projects of playwright.config.ts, each with its own browser tests.
  [{ name: "playwright js-off", ...npx("playwright", "test", "--project=js-off") }],
  [{ name: "playwright js-on", ...npx("playwright", "test", "--project=js-on") }],
  [{ name: "playwright once", ...npx("playwright", "test", "--project=once") }],
  [{ name: "playwright http", ...npx("playwright", "test", "--project=http") }],
  // The image built and run by Debian's podman (decision 040); last, as the slowest to set up.
  [{ name: "image (podman)", command: "bash", args: ["scripts/image-test.sh"] }],
];

type Outcome = { name: string; seconds: number; status: "passed" | "failed" | "not run" };

const began = process.hrtime.bigint();
/** The run's own time, less than the phases' sum where phases ran side by side. */
const wallSeconds = () => Number(process.hrtime.bigint() - began) / 1e9;

const commandLine = (phase: Phase) => [phase.command, ...phase.args].join(" ");

/** Runs one phase; alone, its output streams as it comes, beside another it is held until the end. */
function run(phase: Phase, alone: boolean): Promise<Outcome> {
  if (alone) console.log(`\n▶ ${phase.name}: ${commandLine(phase)}`);
  const started = process.hrtime.bigint();
  const child = spawn(phase.command, phase.args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (!alone) process.stdout.write(`\n▶ ${phase.name}: ${commandLine(phase)}\n${Buffer.concat(output).toString()}`);
      resolve({ name: phase.name, seconds, status: code === 0 ? "passed" : "failed" });
    });
  });
}

function table(outcomes: readonly Outcome[]): string {
  const width = Math.max(...outcomes.map((outcome) => outcome.name.length), "total (wall)".length);
  const line = (name: string, time: string, status: string) => `${name.padEnd(width)}  ${time.padStart(8)}  ${status}`;
  const passed = outcomes.every((outcome) => outcome.status === "passed");
  return [
    line("phase", "seconds", "result"),
    ...outcomes.map((outcome) =>
      line(outcome.name, outcome.status === "not run" ? "-" : outcome.seconds.toFixed(1), outcome.status),
    ),
    line("total (wall)", wallSeconds().toFixed(1), passed ? "passed" : "failed"),
  ].join("\n");
}

const outcomes: Outcome[] = [];
for (const stage of STAGES) {
  const failed = outcomes.some((outcome) => outcome.status === "failed");
  if (failed) outcomes.push(...stage.map((phase): Outcome => ({ name: phase.name, seconds: 0, status: "not run" })));
  else outcomes.push(...(await Promise.all(stage.map((phase) => run(phase, stage.length === 1)))));
}
console.log(`\nTest phases\n${table(outcomes)}`);
process.exitCode = outcomes.every((outcome) => outcome.status === "passed") ? 0 : 1;
