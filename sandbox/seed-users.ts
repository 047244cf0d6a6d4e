import type { DatabaseSync } from "node:sqlite";
import { demoAccounts } from "./demo-accounts.ts";
import type { DemoAccount } from "./demo-accounts.ts";
import { appendLedgerEntry } from "./ledger.ts";
import { hashPasswordSync } from "./secrets.ts";
import { insertUser } from "./users.ts";

// scrypt is slow by design and tests open many in-memory databases in one process, so each
// account's hash (with its own random salt) is computed once per process and reused.
const hashes = new Map<string, string>();

function demoPasswordHash(account: DemoAccount): string {
  const cached = hashes.get(account.email);
  if (cached !== undefined) {
    return cached;
  }
  const hash = hashPasswordSync(account.password);
  hashes.set(account.email, hash);
  return hash;
}

// Runs inside seedDatabase's transaction and only on an empty users table, so the accounts
// and their opening credits appear once, together.
export function seedDemoAccounts(db: DatabaseSync, at: string): void {
  for (const account of demoAccounts) {
    const userId = insertUser(db, {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      passwordHash: demoPasswordHash(account),
      phoneNo: account.phoneNo,
      level: account.level,
      otpVerified: true,
      referredBy: null,
      hearUs: null,
      dateJoined: at,
    });
    appendLedgerEntry(db, {
      userId,
      amountKobo: account.openingBalanceKobo,
      kind: "opening_balance",
      reference: `demo-${account.levelName.toLowerCase()}-opening-balance`,
      createdAt: at,
    });
  }
}
