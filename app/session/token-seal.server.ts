import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, type KeyObject, randomBytes } from "node:crypto";
import { env } from "../infra/env.server.ts";

// The upstream token at rest in the portal's database (decision 064): AES-256-GCM under a key
// derived from SESSION_SECRET by HKDF-SHA256, bound to the row it belongs to (its id is the
// additional data), so a copy of the database or a backup holds no usable bearer token, and a
// sealed token moved to another row does not open. The first secret seals; every secret of the
// rotation list opens, as it verifies cookies.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
// A KeyObject, not the key's bytes: handed bytes, node:crypto first tries them as a KeyObject
// and builds and catches an error on every signed-in request (decision 093).
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    key = createSecretKey(
      Buffer.from(hkdfSync("sha256", secret, "payvend portal", "sign-in token aes-256-gcm v1", 32)),
    );
    keys.set(secret, key);
  }
  return key;
}

/** `token` sealed for the row `boundTo`, under the first of `secrets`. */
export function sealToken(token: string, boundTo: string, secrets: readonly string[] = env().SESSION_SECRET): string {
  const [secret] = secrets;
  if (secret === undefined) throw new Error("SESSION_SECRET has no secret to seal with.");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv).setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

function openWith(secret: string, boundTo: string, iv: Buffer, body: Buffer, tag: Buffer): string | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(boundTo)).setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/**
 * The token sealed for `boundTo`, or null when it is malformed, sealed for another row, or
 * under a secret SESSION_SECRET no longer lists (that sign-in is then over).
 */
export function openToken(
  sealed: string,
  boundTo: string,
  secrets: readonly string[] = env().SESSION_SECRET,
): string | null {
  const [version, iv, body, tag, extra] = sealed.split(".");
  if (version !== VERSION || iv === undefined || body === undefined || tag === undefined || extra !== undefined) {
    return null;
  }
  const [ivBytes, bodyBytes, tagBytes] = [iv, body, tag].map((part) => Buffer.from(part, "base64url"));
  if (ivBytes?.length !== IV_BYTES || bodyBytes === undefined || tagBytes?.length !== TAG_BYTES) return null;
  for (const secret of secrets) {
    const token = openWith(secret, boundTo, ivBytes, bodyBytes, tagBytes);
    if (token !== null) return token;
  }
  return null;
}
