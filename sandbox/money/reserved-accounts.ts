import { randomInt } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { inTransaction } from "../store/db.ts";
import { integerColumn, textColumn } from "../store/rows.ts";
import type { Row } from "../store/rows.ts";
import type { UserRecord } from "../accounts/users.ts";

// Call 44: a virtual account at Sterling or Wema that is the user's alone, as Monnify's
// reserved accounts are; money sent to it lands in the wallet (simulateTransfer in
// funding.ts stands for the bank's notice).

export const reservedProviders = ["sterling", "wema"] as const;
export type ReservedProvider = (typeof reservedProviders)[number];

export const reservedBankNames: Readonly<Record<ReservedProvider, string>> = {
  sterling: "Sterling Bank",
  wema: "Wema Bank",
};

export interface ReservedAccount {
  readonly provider: ReservedProvider;
  readonly accountName: string;
  readonly accountNumber: string;
  readonly bankName: string;
}

export interface ReservedAccountEntry extends ReservedAccount {
  readonly email: string;
  readonly userId: number;
}

export function toReservedProvider(value: string): ReservedProvider | undefined {
  const lower = value.toLowerCase();
  return reservedProviders.find((provider) => provider === lower);
}

// The account a user already has is returned as it is, so a second Create Account (a
// double click, a retry) never hands out a second number.
export function reserveAccount(
  db: DatabaseSync,
  user: UserRecord,
  provider: ReservedProvider,
  at: string,
): ReservedAccount {
  return inTransaction(db, () => {
    const existing = db
      .prepare(`SELECT ${accountColumns} FROM reserved_accounts WHERE user_id = ? AND provider = ?`)
      .get(user.id, provider);
    if (existing !== undefined) {
      return toAccount(existing);
    }
    const account: ReservedAccount = {
      provider,
      accountName: `PAYVEND-${user.firstName} ${user.lastName}`.toUpperCase(),
      accountNumber: unusedAccountNumber(db),
      bankName: reservedBankNames[provider],
    };
    db.prepare(
      `INSERT INTO reserved_accounts (account_number, user_id, provider, account_name, bank_name, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(account.accountNumber, user.id, provider, account.accountName, account.bankName, at);
    // What call 5 shows (its profile's list of {accountName, accountNumber}).
    const column = provider === "sterling" ? "sterling_account" : "wema_account";
    db.prepare(`UPDATE users SET ${column} = ? WHERE id = ?`).run(
      JSON.stringify([{ accountName: account.accountName, accountNumber: account.accountNumber }]),
      user.id,
    );
    return account;
  });
}

export function listReservedAccounts(db: DatabaseSync): ReservedAccountEntry[] {
  return db
    .prepare(
      `SELECT ${prefixed}, u.email, u.id AS user_id FROM reserved_accounts r JOIN users u ON u.id = r.user_id
       ORDER BY u.email, r.provider`,
    )
    .all()
    .map(toEntry);
}

export function findReservedAccountByNumber(db: DatabaseSync, accountNumber: string): ReservedAccountEntry | undefined {
  const row = db
    .prepare(
      `SELECT ${prefixed}, u.email, u.id AS user_id FROM reserved_accounts r JOIN users u ON u.id = r.user_id
       WHERE r.account_number = ?`,
    )
    .get(accountNumber);
  return row === undefined ? undefined : toEntry(row);
}

// Ten random digits (a NUBAN's length), drawn again on the rare clash; the primary key
// would refuse a duplicate all the same.
function unusedAccountNumber(db: DatabaseSync): string {
  const taken = db.prepare("SELECT 1 AS taken FROM reserved_accounts WHERE account_number = ?");
  for (;;) {
    const candidate = String(randomInt(0, 10_000_000_000)).padStart(10, "0");
    if (taken.get(candidate) === undefined) {
      return candidate;
    }
  }
}

const accountColumns = "provider, account_name, account_number, bank_name";
const prefixed = "r.provider, r.account_name, r.account_number, r.bank_name";

function toAccount(row: Row): ReservedAccount {
  const provider = toReservedProvider(textColumn(row, "provider"));
  if (provider === undefined) {
    throw new TypeError("A reserved account has an unknown provider.");
  }
  return {
    provider,
    accountName: textColumn(row, "account_name"),
    accountNumber: textColumn(row, "account_number"),
    bankName: textColumn(row, "bank_name"),
  };
}

function toEntry(row: Row): ReservedAccountEntry {
  return { ...toAccount(row), email: textColumn(row, "email"), userId: integerColumn(row, "user_id") };
}
