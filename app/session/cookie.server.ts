import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import type { Cookie, CookieParseOptions, CookieSerializeOptions } from "react-router";

// React Router's createCookie signs with WebCrypto and imports the HMAC key again for every
// sign and every check: two key imports and two async HMACs on each page, about 5 % of a
// signed-in page's CPU. This is the same cookie, the same bytes on the wire (base64 of the
// JSON, "." and the unpadded base64 HMAC-SHA256 under the first secret; any secret verifies),
// signed with node:crypto's synchronous HMAC, so cookies set before stay valid (decision 038).

type Flags = Omit<CookieSerializeOptions, "encode"> & { secrets: readonly string[] };

function signature(value: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(value).digest();
}

export function sign(value: string, secret: string): string {
  return `${value}.${signature(value, secret).toString("base64").replace(/=+$/, "")}`;
}

/** The signed value, or null when no secret signed it. */
export function unsign(signed: string, secrets: readonly string[]): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  for (const secret of secrets) {
    const expected = signature(value, secret);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return value;
  }
  return null;
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

/** As React Router: a value that is no base64 JSON reads as an empty object. */
function decode(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, "base64").toString("utf8"));
  } catch {
    return {};
  }
}

/** A signed cookie as React Router's `createCookie(name, { secrets, ...flags })` makes it. */
export function createSignedCookie(name: string, { secrets, ...flags }: Flags): Cookie {
  if (secrets.length === 0) throw new Error(`the ${name} cookie needs at least one secret`);
  const [current = ""] = secrets;
  const options = { path: "/", sameSite: "lax", ...flags } as const;
  return {
    name,
    isSigned: true,
    get expires() {
      return options.maxAge === undefined ? options.expires : new Date(Date.now() + options.maxAge * 1000);
    },
    async parse(header: string | null, parseOptions?: CookieParseOptions) {
      if (!header) return null;
      const value = parseCookie(header, parseOptions)[name];
      if (value === undefined) return null;
      if (value === "") return "";
      const unsigned = unsign(value, secrets);
      return unsigned === null ? null : decode(unsigned);
    },
    async serialize(value: unknown, serializeOptions?: CookieSerializeOptions) {
      const { encode: _encode, ...attributes } = { ...options, ...serializeOptions };
      // Percent-encoded as React Router writes it ("+", "/" and "=" too), not cookie's default.
      return stringifySetCookie(
        { name, value: value === "" ? "" : sign(encode(value), current), ...attributes },
        { encode: encodeURIComponent },
      );
    },
  };
}
