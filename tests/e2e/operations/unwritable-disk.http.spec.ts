import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { postLogin } from "../support/http.ts";
import { type Portal, startPortal } from "../../support/portal-process.ts";

// Decision 067: /healthz proves the portal's database takes a write. With its SQLite files
// made immutable (what the suite runs as, root, cannot write through: chmod would not stop
// it), /healthz answers 503 "database": "down", so the container shows unhealthy; the log
// says so once, at error level, however many requests fail; the process keeps answering; and
// once the files are writable again the health is back and the log says that too.
//
// The -shm file stays writable: SQLite maps it into memory, and a write to a mapped immutable
// file is a SIGBUS that no process survives or can log; a full or read-only disk does not
// do that to a file already written, which the main file and the -wal file stand for here.

const ROOT = process.cwd();

function immutable(on: boolean, files: readonly string[]): void {
  execFileSync("chattr", [on ? "+i" : "-i", ...files]);
}

type Line = { level?: string; event?: string };

async function logLines(portal: Portal): Promise<Line[]> {
  return (await portal.logText())
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
}

async function health(portal: Portal): Promise<{ status: number; database: unknown }> {
  const answer = await fetch(`${portal.origin}/healthz`);
  const body = (await answer.json()) as { database?: unknown };
  return { status: answer.status, database: body.database };
}

test("a database that takes no writes makes /healthz 503, is logged once, and heals", async ({ playwright }) => {
  const portal = await startPortal(ROOT);
  const database = portal.databaseUrl.slice("file:".length);
  const files = [database, `${database}-wal`];
  const request = await playwright.request.newContext({ baseURL: portal.origin });
  try {
    const buyer = await createBuyer("unwritable-disk", { balanceKobo: 0, database: portal.sandboxDatabase });
    expect(await health(portal)).toEqual({ status: 200, database: "up" });

    immutable(true, files);
    try {
      expect(await health(portal)).toEqual({ status: 503, database: "down" });
      // A sign-in writes its row: it fails, as it must, and is no news to the log.
      expect((await postLogin(request, portal.origin, buyer)).status()).toBe(500);
      expect(await health(portal)).toEqual({ status: 503, database: "down" });
      // The process keeps answering what needs no write.
      expect((await fetch(`${portal.origin}/login`)).status).toBe(200);
    } finally {
      immutable(false, files);
    }
    expect(await health(portal)).toEqual({ status: 200, database: "up" });

    const lines = await logLines(portal);
    const errors = lines.filter((line) => line.level === "error");
    expect(
      errors.map((line) => line.event),
      JSON.stringify(errors),
    ).toEqual(["store.unwritable"]);
    expect(lines.filter((line) => line.event === "store.writable-again")).toHaveLength(1);
    // And the sign-in that failed works now.
    expect((await postLogin(request, portal.origin, buyer)).status()).toBe(302);
  } finally {
    await request.dispose();
    await portal.stop();
  }
});
