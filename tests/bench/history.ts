import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../sandbox/store/db.ts";
import { seedDatabase } from "../../sandbox/seed/seed.ts";
import type { Portal } from "../support/portal-process.ts";
import { get } from "./http.ts";
import { type LoadResult, type LoadSettings, measure } from "./load.ts";
import { traceMemory } from "./memory.ts";
import { signInAs } from "./mix.ts";

// The "history" scenario (docs/benchmark.md): the transactions page of an account with 100 rows next
// to one with 10,000, on the embedded sandbox, in one run. The ratio of their costs is the
// figure: a long history must not make every page, sort or filter slow.

export const SMALL_HISTORY = 100;
export const LARGE_HISTORY = 10_000;
const SMALL_ACCOUNT = "agent@payvend.test";
const LARGE_ACCOUNT = "api@payvend.test";

/** The transactions pages measured: a default view, sorts, a far page and filters. */
export const HISTORY_PATHS = [
  "/dashboard/transactions",
  "/dashboard/transactions?sort=subtotal&dir=asc",
  "/dashboard/transactions?sort=description&dir=desc&page=3",
  "/dashboard/transactions?q=mtn&product=data",
  "/dashboard/transactions?status=pending&sort=subtotal&dir=desc",
] as const;

type Row = Record<string, string | number | null>;

/**
 * Gives the account exactly `count` transactions: its demo history copied further back in
 * time with new references, or cut to its newest rows.
 */
function resizeHistory(databasePath: string, email: string, count: number): void {
  const db = openDatabase(databasePath);
  try {
    const user = db.prepare("SELECT id FROM users WHERE email = ?").get(email);
    const userId = user?.["id"];
    if (typeof userId !== "number") throw new Error(`the sandbox has no ${email}`);
    const rows = db
      .prepare("SELECT * FROM transactions WHERE user_id = ? ORDER BY created_at DESC, id DESC")
      .all(userId) as Row[];
    if (rows.length === 0) throw new Error(`${email} has no demo history to copy`);
    if (rows.length > count) {
      const remove = db.prepare("DELETE FROM transactions WHERE id = ?");
      for (const row of rows.slice(count)) remove.run(row["id"] ?? null);
      return;
    }
    const columns = Object.keys(rows[0] ?? {}).filter((column) => column !== "id");
    const insert = db.prepare(
      `INSERT INTO transactions (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    );
    const dayMs = 24 * 60 * 60_000;
    db.exec("BEGIN");
    for (let index = 0; index < count - rows.length; index += 1) {
      const source = rows[index % rows.length] ?? {};
      const cycle = Math.floor(index / rows.length) + 1;
      const values = columns.map((column) => {
        if (column === "transaction_ref") return `BENCH${userId}X${String(index).padStart(10, "0")}`;
        if (column === "created_at")
          return new Date(Date.parse(String(source["created_at"])) - cycle * 200 * dayMs).toISOString();
        return source[column] ?? null;
      });
      insert.run(...values);
    }
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** Starts a portal with these settings on top of the bench's own. */
export type StartPortal = (settings: Record<string, string>) => Promise<Portal>;

/** A portal on a sandbox where one account has 100 transactions and another 10,000. */
async function startHistoryPortal(start: StartPortal): Promise<{
  portal: Portal;
  close: () => Promise<void>;
}> {
  const directory = await mkdtemp(join(tmpdir(), "bench-history-"));
  const databasePath = join(directory, "sandbox.db");
  const db = openDatabase(databasePath);
  seedDatabase(db);
  db.close();
  resizeHistory(databasePath, SMALL_ACCOUNT, SMALL_HISTORY);
  resizeHistory(databasePath, LARGE_ACCOUNT, LARGE_HISTORY);
  const portal = await start({ SANDBOX_DB: databasePath });
  return {
    portal,
    close: async () => {
      await portal.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type HistoryReport = { path: string; small: LoadResult; large: LoadResult };

/** One download of the 10,000-row CSV: its size, how long it took, and the portal's RSS around it. */
export type CsvRun = { label: string; bytes: number; ms: number; rssBefore?: number; rssPeak?: number };

export const CSV_PATH = "/dashboard/transactions.csv";

async function downloadCsv(portal: Portal, cookie: string, label: string): Promise<CsvRun> {
  const trace = traceMemory(portal.pid);
  const started = performance.now();
  const answer = await get(`${portal.origin}${CSV_PATH}`, { Cookie: cookie });
  const ms = performance.now() - started;
  const samples = await trace.stop();
  if (answer.status !== 200) throw new Error(`GET ${CSV_PATH} answered ${answer.status}, expected 200`);
  const peaks = samples.map((sample) => sample.mebibytes);
  return {
    label,
    bytes: answer.body.length,
    ms,
    rssBefore: peaks[0],
    rssPeak: peaks.length === 0 ? undefined : Math.max(...peaks),
  };
}

/** Each path measured for the 100-row account, then the 10,000-row one. */
export async function benchmarkHistory(
  start: StartPortal,
  settings: LoadSettings,
  progress: (message: string) => void,
): Promise<{ pages: HistoryReport[]; csv: CsvRun[] }> {
  const { portal, close } = await startHistoryPortal(start);
  try {
    const small = await signInAs(portal.origin, { email: SMALL_ACCOUNT });
    const large = await signInAs(portal.origin, { email: LARGE_ACCOUNT });
    const reports: HistoryReport[] = [];
    for (const path of HISTORY_PATHS) {
      for (const cookie of [small, large]) {
        const page = await get(`${portal.origin}${path}`, { Cookie: cookie });
        if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}, expected 200`);
      }
      progress(`history: ${path}, ${SMALL_HISTORY} rows`);
      const smallResult = await measure(`${portal.origin}${path}`, settings, { Cookie: small });
      progress(`history: ${path}, ${LARGE_HISTORY} rows`);
      const largeResult = await measure(`${portal.origin}${path}`, settings, { Cookie: large });
      reports.push({ path, small: smallResult, large: largeResult });
    }
    // A fresh session reads the history from the upstream; the next download finds it kept.
    const fresh = await signInAs(portal.origin, { email: LARGE_ACCOUNT });
    progress(`history: ${CSV_PATH}, ${LARGE_HISTORY} rows`);
    const csv = [
      await downloadCsv(portal, fresh, "history read from the upstream"),
      await downloadCsv(portal, fresh, "history kept"),
    ];
    return { pages: reports, csv };
  } finally {
    await close();
  }
}
