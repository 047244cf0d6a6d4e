import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./portal-process.ts";

// A real Redis for the tests that need one (Debian's redis-server; scripts/setup.sh installs
// it): on a free port, keeping nothing on disk, stopped by the test's teardown.

export type RedisServer = {
  url: string;
  port: number;
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 10_000;

/** Answers true once the server replies +PONG to a raw PING. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(1_000);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (reply) => {
      socket.destroy();
      resolve(reply.toString().startsWith("+PONG"));
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let failure = "";
  child.on("error", (error) => {
    failure = error.message;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    failure += chunk.toString();
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await pings(port))) {
    if (failure !== "" || child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(
        `redis-server did not start on port ${port}: ${failure.trim() || "no answer to PING"} (scripts/setup.sh installs it)`,
      );
    }
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopChild(child) };
}
