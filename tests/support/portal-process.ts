import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { get, portOf } from "../bench/http.ts";

export type Portal = {
  /** Where it listens; the same after a restart. */
  origin: string;
  /** The running server process's; a restart changes it. */
  readonly pid: number;
  /**
   * Where the portal keeps its own data (PINs, saved customers, sessions), as DATABASE_URL:
   * `file:` and a SQLite file of its own by default, or what `settings` gave (a postgres://).
   */
  databaseUrl: string;
  /** The embedded sandbox's SQLite file (SANDBOX_DB), for creating and funding accounts. */
  sandboxDatabase: string;
  /** The last lines the server wrote, for error messages. */
  logTail: () => Promise<string>;
  /** Everything the server wrote so far (its JSON log lines), across restarts. */
  logText: () => Promise<string>;
  /**
   * Stops the server as a container stop does (SIGTERM, waiting for it to exit) and starts it
   * again with the same settings, port, session secret and files, as a restarted container
   * keeps its volume; resolves once it is healthy again.
   */
  restart: () => Promise<void>;
  /** Stops the server and removes the files it was given (not a database of `settings`). */
  stop: () => Promise<void>;
  /** Settles when the running server process ends, however it ends. */
  readonly exited: Promise<ExitStatus>;
};

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/** What a server that stopped by itself left behind. */
export type FinishedRun = ExitStatus & { stdout: string; stderr: string; port: number };

/**
 * Environment settings on top of the defaults (UPSTREAM_URL, REDIS_URL, SANDBOX_DB, ...).
 * DATABASE_URL=postgres://… (tests/support/postgres-server.ts) puts several portals on one
 * database, as several containers of one deployment; give them one SESSION_SECRET too.
 */
export type PortalSettings = Readonly<Record<string, string>>;

export class PortalStartError extends Error {
  override name = "PortalStartError";
}

const HEALTH_TIMEOUT_MS = 30_000;
/** In development mode Vite first compiles the messages and bundles the dependencies: on a loaded machine, a minute. */
const DEVELOPMENT_HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/** Ask the OS for a free port, then free it for the child (a tiny race we accept). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = portOf(server);
  server.close();
  await once(server, "close");
  return port;
}

/**
 * Only what the portal needs, not this shell's environment: an UPSTREAM_URL left in the
 * shell would otherwise point a benchmark or a test at a real operator.
 */
function portalEnvironment(port: number, databasePath: string, overrides: PortalSettings): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SANDBOX_DB: databasePath,
    // The portal's own data beside the sandbox's, so each portal a test starts has its own.
    DATABASE_URL: `file:${databasePath.replace(/\.db$/, "")}-portal.db`,
    // Tests and the bench buy without a PIN unless they set one; the PIN's own specs say otherwise.
    TRANSACTION_PIN: "optional",
    SESSION_SECRET: randomBytes(16).toString("hex"),
    ...overrides,
  };
}

function exitOf(child: ChildProcess): Promise<ExitStatus> {
  // Not events.once: it would reject on a spawn error, which waitForHealth reports already.
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new PortalStartError(`the server exited (code ${child.exitCode ?? child.signalCode})`);
    try {
      const health = await get(`${origin}/healthz`);
      if (health.status === 200) return;
      last = `GET /healthz answered ${health.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(100);
  }
  throw new PortalStartError(`GET /healthz did not answer 200 within ${timeoutMs / 1000} s (${last})`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  // Never spawned (no pid) or already gone: there is nothing to wait for.
  if (child.pid === undefined || hasExited(child)) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  // server.ts cuts open requests after 10 s; past our limit it is stuck, so force it.
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Spawns `node server.ts` writing to the log file (appended to, so a restart keeps the earlier run's lines). */
async function spawnServer(root: string, environment: NodeJS.ProcessEnv, logPath: string): Promise<ChildProcess> {
  // One log line per request: to a file, so reading it costs this process nothing while
  // the baseline shares its thread, and a pipe can never fill up and stall the server.
  const log = await open(logPath, "a");
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: environment,
    stdio: ["ignore", log.fd, log.fd],
  });
  await log.close();
  // Without a listener a failed spawn would crash this process before it could clean up;
  // the failure still shows, as a missing pid or as an exit during the health wait.
  child.on("error", (error) => process.stderr.write(`portal: server process error: ${error.message}\n`));
  return child;
}

/**
 * Start the built server (`node server.ts`) and wait until it is healthy: on a fresh
 * sandbox database and a fresh portal database unless `settings` say otherwise (another
 * SANDBOX_DB, an UPSTREAM_URL, a DATABASE_URL).
 */
export async function startPortal(root: string, settings: PortalSettings = {}): Promise<Portal> {
  const directory = await mkdtemp(join(tmpdir(), "portal-process-"));
  const logPath = join(directory, "server.log");
  const port = await freePort();
  const environment = portalEnvironment(port, join(directory, "sandbox.db"), settings);
  const origin = `http://127.0.0.1:${port}`;
  let child = await spawnServer(root, environment, logPath);
  let exited = exitOf(child);

  const logText = () => readFile(logPath, "utf8").catch(() => "");
  const logTail = async () => (await logText()).trimEnd().split("\n").slice(-20).join("\n");
  const stop = async () => {
    await stopChild(child);
    await rm(directory, { recursive: true, force: true });
  };
  /** Healthy, or stopped and removed with the reason and the server's last lines. */
  const healthy = async () => {
    try {
      if (child.pid === undefined) throw new PortalStartError("the server process could not be spawned");
      await waitForHealth(
        origin,
        child,
        environment.NODE_ENV === "development" ? DEVELOPMENT_HEALTH_TIMEOUT_MS : HEALTH_TIMEOUT_MS,
      );
    } catch (error) {
      const tail = await logTail();
      await stop();
      const reason = error instanceof Error ? error.message : String(error);
      throw new PortalStartError(`${reason}\n--- server output (last lines) ---\n${tail || "(none)"}`);
    }
  };

  await healthy();
  return {
    origin,
    get pid() {
      return child.pid ?? 0;
    },
    databaseUrl: environment.DATABASE_URL ?? "",
    sandboxDatabase: environment.SANDBOX_DB ?? "",
    logTail,
    logText,
    restart: async () => {
      await stopChild(child);
      child = await spawnServer(root, environment, logPath);
      exited = exitOf(child);
      await healthy();
    },
    stop,
    get exited() {
      return exited;
    },
  };
}

/**
 * Two portals on one set of settings, started at once as two containers of one deployment. If
 * one fails to start, the other is stopped before the failure is thrown.
 */
export async function startPortalPair(root: string, settings: PortalSettings): Promise<{ a: Portal; b: Portal }> {
  const [first, second] = await Promise.allSettled([startPortal(root, settings), startPortal(root, settings)]);
  if (first.status === "fulfilled" && second.status === "fulfilled") return { a: first.value, b: second.value };
  if (first.status === "fulfilled") await first.value.stop();
  if (second.status === "fulfilled") await second.value.stop();
  throw first.status === "rejected" ? first.reason : second.status === "rejected" ? second.reason : undefined;
}

/**
 * Start the built server with settings it should refuse, and wait for it to stop by itself:
 * its exit code and what it wrote. Past `timeoutMs` it is killed, and the run reports the kill.
 */
export async function runPortalToExit(root: string, settings: PortalSettings, timeoutMs: number): Promise<FinishedRun> {
  const directory = await mkdtemp(join(tmpdir(), "portal-process-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: root,
    env: portalEnvironment(port, join(directory, "sandbox.db"), settings),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.on("error", (error) => (stderr += `portal: server process error: ${error.message}\n`));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    const status = await exitOf(child);
    return { ...status, stdout, stderr, port };
  } finally {
    clearTimeout(timer);
    await rm(directory, { recursive: true, force: true });
  }
}
