import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeWriteFailed, storeWriteWorked } from "./store-writes.server.ts";

// A disk that takes no writes is said once at error level, not once a write (decision 067).

type Line = { level: string; event: string; [field: string]: unknown };

/** Captures the log from now on: call the result to read the lines so far. */
function captureLog(): () => Line[] {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(capture);
  vi.spyOn(process.stderr, "write").mockImplementation(capture);
  return () => lines.map((line) => JSON.parse(line) as Line);
}

beforeEach(() => {
  // Another test of this worker may have left a failure said already (the state is the process's).
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  storeWriteWorked();
  vi.restoreAllMocks();
});

afterEach(() => {
  storeWriteWorked();
  vi.restoreAllMocks();
});

describe("storeWriteFailed", () => {
  it("logs the first failure at error level, counts the rest, and logs the recovery once", () => {
    const read = captureLog();
    const full = Object.assign(new Error("database or disk is full"), { code: "ERR_SQLITE_ERROR" });
    storeWriteFailed("health check", full);
    storeWriteFailed("/login", full);
    storeWriteFailed("sign-in seen", full);
    storeWriteWorked();
    storeWriteWorked();
    const lines = read();
    expect(lines.map(({ level, event }) => [level, event])).toEqual([
      ["error", "store.unwritable"],
      ["warn", "store.writable-again"],
    ]);
    expect(lines[0]).toMatchObject({
      where: "health check",
      reason: "database or disk is full",
      code: "ERR_SQLITE_ERROR",
    });
    expect(lines[0]).not.toHaveProperty("stack");
    expect(lines[1]).toMatchObject({ firstFailure: "health check", failedWrites: 3 });
  });

  it("says so again when the disk fails again after a recovery", () => {
    const read = captureLog();
    storeWriteFailed("health check", new Error("disk I/O error"));
    storeWriteWorked();
    storeWriteFailed("health check", new Error("disk I/O error"));
    expect(read().filter(({ event }) => event === "store.unwritable")).toHaveLength(2);
  });
});
