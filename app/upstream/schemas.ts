import { z } from "zod";
import { parseNairaToKobo } from "../domain/money.ts";

// Response shapes of CONTRACT.md. Money and ids arrive as numbers or numeric strings.
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

export const sitePagesSchema = z.object({
  about: text,
  contact: text,
  social: text,
  whatsapp_phone: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value == null ? "" : String(value))),
  faq: text,
  privacy: text,
  terms: text,
});
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

/** The error envelopes of CONTRACT.md, read loosely: each field may be missing or malformed. */
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

export const loginResultSchema = z.object({ key: z.string().min(1) });

const reservedAccountSchema = z
  .array(z.object({ accountName: z.string(), accountNumber: z.string() }))
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

/** Naira on the wire (number or numeric string, 2 decimals at most), integer kobo inside. */
export const kobo = z.union([z.number(), z.string()]).transform((value, context) => {
  const parsed = parseNairaToKobo(value);
  if (parsed === null) {
    context.addIssue({ code: "custom", message: "not a naira amount" });
    return z.NEVER;
  }
  return parsed;
});

export const profileSchema = z.object({
  phone_no: text,
  /** In kobo. */
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
  sterling_account: reservedAccountSchema.optional(),
  wema_account: reservedAccountSchema.optional(),
});

export const userSchema = z.object({
  id: z.number().int(),
  first_name: text,
  last_name: text,
  email: z.string(),
  username: text,
  date_joined: text,
  level: z.number().int().min(0).max(3).nullish().catch(null),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

export const logoutResultSchema = z.object({ detail: z.string().optional() }).passthrough();

export const settingsSchema = z.object({ notification: text, reserved_account_instruction: text });

export const bankListSchema = z.object({
  data: z.array(z.object({ name: z.string(), code: z.union([z.string(), z.number()]).nullish() })),
});

const transactionSchema = z.object({
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
  initial_balance: kobo,
  new_balance: kobo,
  status: z.coerce.number().int(),
  created_at: text,
});

export const transactionListSchema = z.array(transactionSchema);
