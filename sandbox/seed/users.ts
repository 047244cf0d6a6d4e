import type { DatabaseSync } from "node:sqlite";
import { demoAccounts } from "./demo-accounts.ts";
import type { DemoAccount } from "./demo-accounts.ts";
import { hashPasswordSync } from "../accounts/secrets.ts";
import { demoJoinedAt, seedDemoHistory } from "./history.ts";
import { insertUser } from "../accounts/users.ts";

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

// Runs inside seedDatabase's transaction and only on an empty users table, so the accounts,
// their opening credits and their history appear once, together. Each account joined
// before its history starts.
export function seedDemoAccounts(db: DatabaseSync, seedMs: number): void {
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
      dateJoined: demoJoinedAt(seedMs),
    });
    seedDemoHistory(db, userId, account, seedMs);
  }
}
