import { DatabaseSync } from "node:sqlite";
import { recordTransaction, type NewTransaction } from "../../../sandbox/money/transactions.ts";

// Shared pieces of the Buy again and recent numbers tests (decision 027): history rows written
// straight into the sandbox's SQLite file, worded as the sandbox or a real upstream words them.

export type HistoryRow = Omit<NewTransaction, "userId" | "createdAt" | "status" | "amountKobo"> & {
  status?: 0 | 1 | 2 | 3;
  /** When it was bought, for a row further back than now (toISOString's format). */
  createdAt?: string;
};

/**
 * Records `rows` for the account, oldest first, so the last one is the newest; a millisecond
 * apart and ending now, so they are newer than the wallet's funding, unless a row names its
 * own time. Confirmed unless a row says otherwise. `path` is another sandbox's file (the fault upstream's).
 */
export function recordHistory(
  email: string,
  rows: readonly HistoryRow[],
  path: string | undefined = process.env.E2E_SANDBOX_DB,
): void {
  if (!path) throw new Error("E2E_SANDBOX_DB is not set: run through playwright.config.ts.");
  const db = new DatabaseSync(path);
  db.exec("PRAGMA busy_timeout = 5000");
  try {
    const user = db.prepare("SELECT id FROM users WHERE email = ?").get(email);
    if (user === undefined) throw new Error(`no user ${email} in the sandbox`);
    const start = Date.now() - rows.length;
    rows.forEach(({ status = 1, ...row }, index) => {
      const recorded = recordTransaction(db, {
        ...row,
        userId: Number(user["id"]),
        amountKobo: row.subtotalKobo,
        status,
        createdAt: row.createdAt ?? new Date(start + index).toISOString(),
      });
      if (!recorded.ok) throw new Error(`could not record ${row.description} for ${email}`);
    });
  } finally {
    db.close();
  }
}
