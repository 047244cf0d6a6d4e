import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { inTransaction } from "../store/db.ts";
import { sendEmail } from "./outbox.ts";
import { integerColumn, textColumn } from "../store/rows.ts";
import { hashOtpCode, newOtpCode, newSalt, sameHex } from "./secrets.ts";
import { markOtpVerified } from "./users.ts";
import type { UserRecord } from "./users.ts";

export const otpLifetimeMs = 10 * 60 * 1000;

// Only the newest code works: the older unused ones are voided in the same transaction.
export function issueOtp(context: SandboxContext, user: UserRecord): void {
  const code = newOtpCode();
  const salt = newSalt();
  const now = isoTime(context);
  inTransaction(context.db, () => {
    context.db
      .prepare("UPDATE otp_codes SET voided_at = ? WHERE user_id = ? AND used_at IS NULL AND voided_at IS NULL")
      .run(now, user.id);
    context.db
      .prepare("INSERT INTO otp_codes (user_id, code_salt, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
      .run(user.id, salt, hashOtpCode(code, salt), now, isoTime(context, otpLifetimeMs));
    sendEmail(context, {
      to: user.email,
      subject: "Your Payvend verification code",
      body: [
        `Hello ${user.firstName},`,
        "",
        `Your Payvend verification code is ${code}. It expires in 10 minutes and works once.`,
        "",
        "If you did not create a Payvend account, you can ignore this e-mail.",
      ].join("\n"),
    });
  });
}

// True when the code matched the user's live code, which is then used up.
export function consumeOtp(context: SandboxContext, userId: number, code: string): boolean {
  const now = isoTime(context);
  return inTransaction(context.db, () => {
    const row = context.db
      .prepare(
        `SELECT id, code_salt, code_hash FROM otp_codes
         WHERE user_id = ? AND used_at IS NULL AND voided_at IS NULL AND expires_at > ?
         ORDER BY id DESC LIMIT 1`,
      )
      .get(userId, now);
    if (row === undefined || !sameHex(hashOtpCode(code, textColumn(row, "code_salt")), textColumn(row, "code_hash"))) {
      return false;
    }
    context.db.prepare("UPDATE otp_codes SET used_at = ? WHERE id = ?").run(now, integerColumn(row, "id"));
    markOtpVerified(context.db, userId);
    return true;
  });
}
