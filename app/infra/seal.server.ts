import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { env } from "./env.server.ts";

// A value the server hands to the browser and must get back unchanged (a priced purchase,
// a verified meter): base64url JSON and an HMAC-SHA256 of the session secret, bound to a
// purpose so one kind can never be passed off as another.

function signature(secret: string, purpose: string, body: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}.${body}`).digest();
}

export function seal(purpose: string, value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString("base64url");
  const [secret] = env().SESSION_SECRET;
  if (secret === undefined) throw new Error("SESSION_SECRET has no secret to sign with.");
  return `${body}.${signature(secret, purpose, body).toString("base64url")}`;
}

/** The value, or null when it is malformed, of another purpose or not signed by one of our secrets. */
export function unseal<Schema extends z.ZodType>(
  purpose: string,
  schema: Schema,
  sealed: unknown,
): z.output<Schema> | null {
  if (typeof sealed !== "string") return null;
  const [body, mac, extra] = sealed.split(".");
  if (body === undefined || mac === undefined || extra !== undefined) return null;
  const given = Buffer.from(mac, "base64url");
  // Node's decoder skips characters it does not know; only the exact encoding counts.
  if (given.toString("base64url") !== mac) return null;
  const signed = env().SESSION_SECRET.some((secret) => {
    const expected = signature(secret, purpose, body);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
