import { z } from "zod";

// Response shapes of CONTRACT.md. Money and ids arrive as numbers or numeric strings.
const numeric = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);
const text = z.string().nullish().transform((value) => value ?? "");

export const sitePagesSchema = z.object({
  about: text,
  contact: text,
  social: text,
  whatsapp_phone: z.union([z.string(), z.number()]).nullish().transform((value) => (value == null ? "" : String(value))),
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
export type Subcategory = z.infer<typeof subcategorySchema>;

export const subcategoryListSchema = z.array(subcategorySchema);

/** The error envelopes of CONTRACT.md, read loosely: any of the fields may be there. */
export const errorEnvelopeSchema = z
  .object({
    status: z.union([z.number(), z.string()]).optional(),
    message: z.string().optional(),
    detail: z.string().optional(),
    data: z.record(z.string(), z.unknown()).optional().catch(undefined),
    errors: z
      .array(z.object({ code: z.string().nullish(), detail: z.string().nullish(), attr: z.string().nullish() }))
      .optional()
      .catch(undefined),
  })
  .passthrough();
