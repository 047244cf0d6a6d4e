import { z } from "zod";
import { parseNairaToKobo } from "../domain/money.ts";
import type { TransactionRecord } from "../domain/transactions.ts";

// Response shapes of docs/upstream-api.md. Money and ids arrive as numbers or numeric strings.
export const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
/** Numbers-as-text fields (phone, smart card, meter) that some upstreams send as JSON numbers. */
const digitsText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value == null ? "" : String(value)));

/** Call 1's pages; `whatsappPhone` is the upstream's `whatsapp_phone`. */
export const sitePagesSchema = z
  .object({
    about: text,
    contact: text,
    social: text,
    whatsapp_phone: digitsText,
    faq: text,
    privacy: text,
    terms: text,
  })
  .transform(({ whatsapp_phone: whatsappPhone, ...pages }) => ({ ...pages, whatsappPhone }));
export type SitePages = z.infer<typeof sitePagesSchema>;

export const subcategorySchema = z.object({
  id: z.number().int(),
  key: text,
  title: z.string(),
  image: text,
  category_id: z.number().int(),
  amount: numeric,
  description: text,
  products: z
    .array(z.object({ plan: z.string().nullish(), amount1: numeric }))
    .nullish()
    .transform((value) => value ?? []),
});

export const subcategoryListSchema = z.array(subcategorySchema);

/** The upstream's error envelopes (docs/upstream-api.md), read loosely: each field may be missing or malformed. */
export const errorEnvelopeSchema = z
  .object({
    status: z.union([z.number(), z.string()]).optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    detail: z.string().optional().catch(undefined),
    data: z.record(z.string(), z.unknown()).optional().catch(undefined),
    errors: z
      .array(z.object({ code: z.string().nullish(), detail: z.string().nullish(), attr: z.string().nullish() }))
      .optional()
      .catch(undefined),
  })
  .passthrough();

/** `{"status": 200, "message": "..."}`, the answer of most writes. */
export const messageSchema = z.object({
  status: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional().default(""),
});

/**
 * The token goes back in every call's Authorization header for the session's life: one with a
 * space or a control character (a line break) could never be sent, and would break every
 * signed-in page, so the login is refused as a wrong answer instead.
 */
export const loginResultSchema = z.object({ key: z.string().regex(/^[\x21-\x7e]+$/) });

/** A reserved (virtual) account the wallet can be funded into by bank transfer. */
export type ReservedAccount = { accountName: string; accountNumber: string };

const reservedAccountSchema = z
  .array(z.object({ accountName: z.string(), accountNumber: z.string() }))
  .nullish()
  .catch(null)
  .transform((value): ReservedAccount[] => value ?? []);

/** Naira on the wire (number or numeric string, 2 decimals at most), integer kobo inside. */
export const kobo = z.union([z.number(), z.string()]).transform((value, context) => {
  const parsed = parseNairaToKobo(value);
  if (parsed === null) {
    context.addIssue({ code: "custom", message: "not a naira amount" });
    return z.NEVER;
  }
  return parsed;
});

const rawProfileSchema = z.object({
  phone_no: text,
  wallet_balance: kobo,
  otp_verification: z
    .union([z.number(), z.string(), z.boolean()])
    .transform((value) => Number(value) === 1 || value === true),
  account_name: text,
  account_number: text,
  bank_name: text,
  webhook_url: text,
  referred_by: text,
  hear_us: text,
  sterling_account: reservedAccountSchema.optional().transform((value) => value ?? []),
  wema_account: reservedAccountSchema.optional().transform((value) => value ?? []),
});

const rawUserSchema = z.object({
  id: z.number().int(),
  first_name: text,
  last_name: text,
  email: z.string(),
  username: text,
  date_joined: text,
  level: z.number().int().min(0).max(3).nullish().catch(null),
  profile: rawProfileSchema,
});

/**
 * The signed-in user in the portal's words (call 5): camelCase, money in integer kobo,
 * missing text as "", missing reserved accounts as an empty list. Only app/upstream knows
 * the upstream's field names; `toUser` is the one place they are read.
 */
export type User = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  /** As the upstream sends it (an ISO date-time). */
  dateJoined: string;
  /** 0 to 3, or null when the upstream sends none. */
  level: number | null;
  profile: {
    phone: string;
    walletBalanceKobo: number;
    otpVerified: boolean;
    /** The bank details the user saved for withdrawals. */
    accountName: string;
    accountNumber: string;
    bankName: string;
    webhookUrl: string;
    referredBy: string;
    hearUs: string;
    sterlingAccounts: ReservedAccount[];
    wemaAccounts: ReservedAccount[];
  };
};

export function toUser(raw: z.infer<typeof rawUserSchema>): User {
  const { profile } = raw;
  return {
    id: raw.id,
    email: raw.email,
    firstName: raw.first_name,
    lastName: raw.last_name,
    username: raw.username,
    dateJoined: raw.date_joined,
    level: raw.level ?? null,
    profile: {
      phone: profile.phone_no,
      walletBalanceKobo: profile.wallet_balance,
      otpVerified: profile.otp_verification,
      accountName: profile.account_name,
      accountNumber: profile.account_number,
      bankName: profile.bank_name,
      webhookUrl: profile.webhook_url,
      referredBy: profile.referred_by,
      hearUs: profile.hear_us,
      sterlingAccounts: profile.sterling_account,
      wemaAccounts: profile.wema_account,
    },
  };
}

export const userSchema = rawUserSchema.transform(toUser);

export const logoutResultSchema = z.object({ detail: z.string().optional() }).passthrough();

/** Call 16; `reservedAccountInstruction` is the upstream's `reserved_account_instruction`. */
export const settingsSchema = z
  .object({ notification: text, reserved_account_instruction: text })
  .transform((settings) => ({
    notification: settings.notification,
    reservedAccountInstruction: settings.reserved_account_instruction,
  }));

export const bankListSchema = z.object({
  data: z.array(z.object({ name: z.string(), code: z.union([z.string(), z.number()]).nullish() })),
});

/** A row's balance; some upstreams send none (null, "" or nothing), and the ledger then says so. */
const balance = z
  .union([z.null(), z.undefined(), z.literal(""), kobo])
  .transform((value) => (value === null || value === undefined || value === "" ? null : value));

const rawTransactionSchema = z.object({
  id: z.number().int(),
  transaction_ref: text,
  plan: text,
  phone_number: digitsText,
  smart_no: digitsText,
  meter_no: digitsText,
  description: text,
  description2: text,
  response: text,
  subtotal: kobo,
  amount: kobo,
  exam_card: text,
  token: text,
  initial_balance: balance,
  new_balance: balance,
  status: z.coerce.number().int(),
  created_at: text,
});

/** A transaction row (calls 36 and 37) in the portal's words: TransactionRecord, money in kobo. */
export function toTransaction(raw: z.infer<typeof rawTransactionSchema>): TransactionRecord {
  return {
    id: raw.id,
    reference: raw.transaction_ref,
    plan: raw.plan,
    phoneNumber: raw.phone_number,
    smartNo: raw.smart_no,
    meterNo: raw.meter_no,
    description: raw.description,
    description2: raw.description2,
    response: raw.response,
    subtotal: raw.subtotal,
    amount: raw.amount,
    examCard: raw.exam_card,
    token: raw.token,
    initialBalanceKobo: raw.initial_balance,
    newBalanceKobo: raw.new_balance,
    status: raw.status,
    createdAt: raw.created_at,
  };
}

export const transactionListSchema = z.array(rawTransactionSchema.transform(toTransaction));
