import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { logLinesOf } from "../support/fault-portal.ts";
import { startFaultUpstream } from "../support/fault-upstream.ts";
import { OUTAGE_BASE_URL } from "../support/portals.ts";
import { runPortalToExit, startPortal } from "../../support/portal-process.ts";

// What an operator sees of the server itself (decision 001, docs/operating.md): a bad
// setting stops it with the variable's name, SIGTERM stops it cleanly
// without dropping the request it is answering, and every request leaves one JSON log line
// under the id the response carried.

const ROOT = process.cwd();

/** Past this a server that should have refused to start is killed, and the run fails. */
const REFUSAL_LIMIT_MS = 15_000;

/** Whether something accepts TCP connections on this local port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const BAD_SETTINGS = [
  { variable: "PORT", value: "eighty" },
  { variable: "UPSTREAM_TIMEOUT_MS", value: "-1" },
  { variable: "UPSTREAM_URL", value: "ftp://upstream.example" },
] as const;

for (const { variable, value } of BAD_SETTINGS) {
  test(`${variable}=${value} stops the server at once with exit code 1 and a message naming ${variable}`, async () => {
    const run = await runPortalToExit(ROOT, { [variable]: value }, REFUSAL_LIMIT_MS);

    expect(run.signal, `killed after ${REFUSAL_LIMIT_MS / 1000} s: the server did not stop by itself`).toBeNull();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Invalid configuration:");
    expect(run.stderr).toMatch(new RegExp(`^  ${variable}: `, "m"));
    // A sentence for the operator, not a crash.
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain('"event":"server.started"');
    expect(await listening(run.port)).toBe(false);
  });
}

test("SIGTERM: the request in flight is still answered, then the server logs server.stopping and exits 0", async () => {
  // The one upstream call of the page is held for 1.5 s, so the request is surely running
  // when the signal arrives.
  const upstream = await startFaultUpstream({ slowMs: 1500 });
  const portal = await startPortal(ROOT, { UPSTREAM_URL: upstream.url, UPSTREAM_TIMEOUT_MS: "10000" });
  try {
    // The health checks while it started called the upstream too: count from here.
    upstream.resetCounts();
    upstream.inject("slow", "/v1/", { times: 1 });
    const inFlight = fetch(`${portal.origin}/about-us`);
    await expect
      .poll(() => upstream.calls("/v1/"), { message: "the page's upstream call has started" })
      .toBeGreaterThan(0);

    const signalled = performance.now();
    process.kill(portal.pid, "SIGTERM");

    const answer = await inFlight;
    const answered = performance.now();
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("<h1>About Us</h1>");

    const exit = await portal.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    // Not 10 s later, when server.ts cuts what is left, nor once the client's keep-alive
    // connection times out (4 to 5 s): as soon as the last answer is sent.
    expect(performance.now() - signalled).toBeLessThan(8000);
    expect(performance.now() - answered).toBeLessThan(1500);

    const lines = (await portal.logText()).split("\n").filter((line) => line.includes('"event":"server.stopping"'));
    expect(lines.map((line): unknown => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "info", signal: "SIGTERM" }),
    ]);
    const requestId = answer.headers.get("x-request-id") ?? "";
    expect(await logLinesOf(portal, requestId)).toContainEqual(
      expect.objectContaining({ event: "request", path: "/about-us", status: 200 }),
    );
  } finally {
    await portal.stop();
    await upstream.close();
  }
});

test("each request leaves one JSON log line with its X-Request-Id, method, path and status, and no query string", async () => {
  const portal = await startPortal(ROOT);
  try {
    // A reset link's token is a password for an hour: it must not land in the log.
    const token = randomBytes(16).toString("hex");
    const requests = [
      { path: "/password_reset/confirm/", query: `?token=${token}`, status: 200 },
      { path: "/no-such-page", query: `?token=${token}`, status: 404 },
    ];
    for (const { path, query, status } of requests) {
      const answer = await fetch(`${portal.origin}${path}${query}`);
      expect(answer.status).toBe(status);
      const requestId = answer.headers.get("x-request-id") ?? "";
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

      // Written when the response finishes, which may be just after the client has it.
      const accessLines = async () =>
        (await logLinesOf(portal, requestId)).filter((line) => line["event"] === "request");
      await expect.poll(async () => (await accessLines()).length).toBeGreaterThan(0);
      const lines = await accessLines();
      expect(lines).toEqual([expect.objectContaining({ level: "info", requestId, method: "GET", path, status })]);
      expect(lines[0]?.["ms"]).toBeGreaterThanOrEqual(0);
    }

    const log = (await portal.logText()).trimEnd();
    expect(log).not.toContain(token);
    // Every line one JSON object with a time, a level and an event: what a log shipper expects.
    for (const line of log.split("\n")) {
      expect(JSON.parse(line), line).toMatchObject({
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: expect.stringMatching(/^(info|warn|error)$/),
        event: expect.stringMatching(/^[a-z.-]+$/),
      });
    }
  } finally {
    await portal.stop();
  }
});

test("/sandbox/outbox exists only on the embedded sandbox: 404 when UPSTREAM_URL is set", async ({ request }) => {
  const embedded = await request.get("/sandbox/outbox");
  expect(embedded.status()).toBe(200);
  expect(await embedded.text()).toContain("<h1>Sandbox outbox</h1>");

  const real = await request.get(`${OUTAGE_BASE_URL}/sandbox/outbox`);
  expect(real.status()).toBe(404);
  const html = await real.text();
  expect(html).toContain("<h1>Page not found</h1>");
  expect(html).not.toContain("Sandbox outbox");
});
