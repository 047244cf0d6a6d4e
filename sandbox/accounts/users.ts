import type { DatabaseSync } from "node:sqlite";
import type { UserLevel } from "../purchases/catalog.ts";
import { insertedId, integerColumn, nullableTextColumn, textColumn } from "../store/rows.ts";
import type { Row } from "../store/rows.ts";

export interface UserRecord {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly phoneNo: string;
  readonly level: UserLevel;
  readonly otpVerified: boolean;
  readonly referredBy: string | null;
  readonly hearUs: string | null;
  readonly accountName: string | null;
  readonly accountNumber: string | null;
  readonly bankName: string | null;
  readonly webhookUrl: string | null;
  // JSON text as stored; wire.ts checks its shape on the way out.
  readonly sterlingAccount: string | null;
  readonly wemaAccount: string | null;
  readonly dateJoined: string;
  readonly bvn: Bvn | null;
  readonly nin: string | null;
}

export interface Bvn {
  readonly bvn: string;
  readonly name: string;
  // "YYYY-MM-DD", a calendar date with no time zone.
  readonly dateOfBirth: string;
  readonly phone: string;
}

export interface BankDetails {
  readonly accountName: string;
  readonly accountNumber: string;
  readonly bankName: string;
}

export type NewUser = Pick<
  UserRecord,
  | "firstName"
  | "lastName"
  | "email"
  | "passwordHash"
  | "phoneNo"
  | "level"
  | "otpVerified"
  | "referredBy"
  | "hearUs"
  | "dateJoined"
>;

const userColumns = `id, first_name, last_name, email, username, password_hash, phone_no, level, otp_verification,
  referred_by, hear_us, account_name, account_number, bank_name, webhook_url, sterling_account, wema_account,
  date_joined, bvn, bvn_name, bvn_date_of_birth, bvn_phone, nin`;

// The column's NOCASE collation makes this lookup case-insensitive.
export function findUserByEmail(db: DatabaseSync, email: string): UserRecord | undefined {
  const row = db.prepare(`SELECT ${userColumns} FROM users WHERE email = ?`).get(email);
  return row === undefined ? undefined : toUser(row);
}

export function findUserById(db: DatabaseSync, id: number): UserRecord | undefined {
  const row = db.prepare(`SELECT ${userColumns} FROM users WHERE id = ?`).get(id);
  return row === undefined ? undefined : toUser(row);
}

// The username is the e-mail (call 3), so it is stored from the same value.
export function insertUser(db: DatabaseSync, user: NewUser): number {
  const result = db
    .prepare(
      `INSERT INTO users (first_name, last_name, email, username, password_hash, phone_no, level, otp_verification,
         referred_by, hear_us, date_joined)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      user.firstName,
      user.lastName,
      user.email,
      user.email,
      user.passwordHash,
      user.phoneNo,
      user.level,
      user.otpVerified ? 1 : 0,
      user.referredBy,
      user.hearUs,
      user.dateJoined,
    );
  return insertedId(result);
}

export function updatePersonalInfo(
  db: DatabaseSync,
  id: number,
  info: { readonly firstName: string; readonly lastName: string; readonly phoneNo: string },
): void {
  db.prepare("UPDATE users SET first_name = ?, last_name = ?, phone_no = ? WHERE id = ?").run(
    info.firstName,
    info.lastName,
    info.phoneNo,
    id,
  );
}

export function updateWebhookUrl(db: DatabaseSync, id: number, webhookUrl: string): void {
  db.prepare("UPDATE users SET webhook_url = ? WHERE id = ?").run(webhookUrl, id);
}

export function updateBankDetails(db: DatabaseSync, id: number, details: BankDetails): void {
  db.prepare("UPDATE users SET account_name = ?, account_number = ?, bank_name = ? WHERE id = ?").run(
    details.accountName,
    details.accountNumber,
    details.bankName,
    id,
  );
}

export function updateBvn(db: DatabaseSync, id: number, bvn: Bvn): void {
  db.prepare("UPDATE users SET bvn = ?, bvn_name = ?, bvn_date_of_birth = ?, bvn_phone = ? WHERE id = ?").run(
    bvn.bvn,
    bvn.name,
    bvn.dateOfBirth,
    bvn.phone,
    id,
  );
}

export function updateNin(db: DatabaseSync, id: number, nin: string): void {
  db.prepare("UPDATE users SET nin = ? WHERE id = ?").run(nin, id);
}

export function updatePasswordHash(db: DatabaseSync, id: number, passwordHash: string): void {
  db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(passwordHash, id);
}

export function markOtpVerified(db: DatabaseSync, id: number): void {
  db.prepare("UPDATE users SET otp_verification = 1 WHERE id = ?").run(id);
}

function toUser(row: Row): UserRecord {
  return {
    id: integerColumn(row, "id"),
    firstName: textColumn(row, "first_name"),
    lastName: textColumn(row, "last_name"),
    email: textColumn(row, "email"),
    username: textColumn(row, "username"),
    passwordHash: textColumn(row, "password_hash"),
    phoneNo: textColumn(row, "phone_no"),
    level: toLevel(integerColumn(row, "level")),
    otpVerified: integerColumn(row, "otp_verification") === 1,
    referredBy: nullableTextColumn(row, "referred_by"),
    hearUs: nullableTextColumn(row, "hear_us"),
    accountName: nullableTextColumn(row, "account_name"),
    accountNumber: nullableTextColumn(row, "account_number"),
    bankName: nullableTextColumn(row, "bank_name"),
    webhookUrl: nullableTextColumn(row, "webhook_url"),
    sterlingAccount: nullableTextColumn(row, "sterling_account"),
    wemaAccount: nullableTextColumn(row, "wema_account"),
    dateJoined: textColumn(row, "date_joined"),
    bvn: toBvn(row),
    nin: nullableTextColumn(row, "nin"),
  };
}

// The four columns are written together by updateBvn, so one present means all are.
function toBvn(row: Row): Bvn | null {
  const bvn = nullableTextColumn(row, "bvn");
  if (bvn === null) {
    return null;
  }
  return {
    bvn,
    name: textColumn(row, "bvn_name"),
    dateOfBirth: textColumn(row, "bvn_date_of_birth"),
    phone: textColumn(row, "bvn_phone"),
  };
}

function toLevel(level: number): UserLevel {
  if (level === 0 || level === 1 || level === 2 || level === 3) {
    return level;
  }
  throw new TypeError(`User level ${level} is outside 0 to 3.`);
}
