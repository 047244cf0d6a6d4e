import { z } from "zod";
import { type KeptSecret, keepSessionSecret, sessionSecretPath } from "./session-secret.server.ts";

// Read once at start-up by server.ts; a bad value stops the server with the variable's name.
// Defaults make `npm run dev` work on a fresh machine against the embedded sandbox.

// Development and tests only: production without SESSION_SECRET makes its own (decision 068).
const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-change-me";

// An empty value (`UPSTREAM_URL=` in an env file) means unset.
const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalUrl = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .transform((value) => value.replace(/\/+$/, ""))
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }))
    .optional(),
);
// Trimmed: a stray space from an env file would otherwise be sent as part of the key.
const optionalKey = z.preprocess(blankAsUnset, z.string().trim().min(1).optional());
const urlWithDefault = (fallback: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .trim()
      .default(fallback)
      .transform((value) => value.replace(/\/+$/, ""))
      .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
  );

// redis:// or rediss:// (TLS), with the password and database number in the URL if any.
const optionalRedisUrl = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }))
    .optional(),
);

// The portal's own database (decision 048): file:/path for SQLite, postgres:// for PostgreSQL.
const optionalDatabaseUrl = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .refine((value) => value.startsWith("file:") || /^postgres(ql)?:\/\//.test(value), {
      error: "must be file:/path/to/portal.db or a postgres:// URL",
    })
    .optional(),
);

const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((value, context): boolean | number | string => {
    if (value === "true") return true;
    if (value === "false" || value === "") return false;
    if (/^\d+$/.test(value)) return Number(value);
    // Express also takes a comma-separated list of addresses, subnets or
    // the names loopback, linklocal and uniquelocal.
    if (/^[\w.:/, -]+$/.test(value)) return value;
    context.addIssue({ code: "custom", message: "must be true, false, a hop count or a list of addresses" });
    return z.NEVER;
  });

const settings = z.object({
  NODE_ENV: z.preprocess(blankAsUnset, z.enum(["development", "production", "test"]).default("development")),
  PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankAsUnset, z.string().trim().min(1).default("0.0.0.0")),
  TRUST_PROXY: trustProxy,
  UPSTREAM_URL: optionalUrl,
  UPSTREAM_TIMEOUT_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(100).max(120_000).default(15_000)),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(16, "each secret must be at least 16 characters"))),
  PUBLIC_ORIGIN: optionalUrl,
  PRODUCT_NAME: z.preprocess(blankAsUnset, z.string().trim().min(1).max(60).default("Payvend")),
  /** Logins one client address may try per 15 minutes; many customers share one behind CGNAT. */
  LOGIN_ATTEMPTS_PER_IP: z.preprocess(blankAsUnset, z.coerce.number().int().min(10).max(1_000_000).default(300)),
  /** Set when several portal processes must share rate limits and purchase outcomes (decision 020). */
  REDIS_URL: optionalRedisUrl,
  /** required: every purchase asks for a PIN; optional: only once a person has set one; off: never. */
  TRANSACTION_PIN: z.preprocess(blankAsUnset, z.enum(["required", "optional", "off"]).default("required")),
  /** Unset: a SQLite file at ./data/portal.db. */
  DATABASE_URL: optionalDatabaseUrl,
  SANDBOX_DB: z.preprocess(blankAsUnset, z.string().trim().min(1).default("./data/sandbox.db")),
  CHECKOUT_SURCHARGE_PERCENT: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(100).default(1.5)),
  // Each kind of card payment has the gateway the original product used for it.
  FUNDING_GATEWAY: z.preprocess(blankAsUnset, z.enum(["sandbox", "monnify"]).default("sandbox")),
  ORDER_GATEWAY: z.preprocess(blankAsUnset, z.enum(["sandbox", "flutterwave"]).default("sandbox")),
  PAYMENT_TIMEOUT_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(100).max(120_000).default(15_000)),
  MONNIFY_BASE_URL: urlWithDefault("https://sandbox.monnify.com"),
  MONNIFY_API_KEY: optionalKey,
  MONNIFY_SECRET_KEY: optionalKey,
  MONNIFY_CONTRACT_CODE: optionalKey,
  FLUTTERWAVE_BASE_URL: urlWithDefault("https://api.flutterwave.com"),
  FLUTTERWAVE_SECRET_KEY: optionalKey,
});

/** Every variable the portal reads, for the checks that docs/operating.md and .env.example list them all. */
export const SETTING_NAMES = Object.keys(settings.shape);

const schema = settings
  .superRefine((env, context) => {
    const realMoney = env.NODE_ENV === "production" && env.UPSTREAM_URL !== undefined;
    if (realMoney && env.SESSION_SECRET.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when NODE_ENV=production and UPSTREAM_URL is set",
      });
    }
    // Messages name the missing variable only: a key's value never reaches a log line.
    const requireKey = (variable: string, value: string | undefined, because: string) => {
      if (value === undefined)
        context.addIssue({ code: "custom", path: [variable], message: `is required when ${because}` });
    };
    if (env.FUNDING_GATEWAY === "monnify") {
      requireKey("MONNIFY_API_KEY", env.MONNIFY_API_KEY, "FUNDING_GATEWAY=monnify");
      requireKey("MONNIFY_SECRET_KEY", env.MONNIFY_SECRET_KEY, "FUNDING_GATEWAY=monnify");
      requireKey("MONNIFY_CONTRACT_CODE", env.MONNIFY_CONTRACT_CODE, "FUNDING_GATEWAY=monnify");
    }
    if (env.ORDER_GATEWAY === "flutterwave") {
      requireKey("FLUTTERWAVE_SECRET_KEY", env.FLUTTERWAVE_SECRET_KEY, "ORDER_GATEWAY=flutterwave");
    }
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET:
      env.SESSION_SECRET.length > 0 || env.NODE_ENV === "production"
        ? env.SESSION_SECRET
        : [DEVELOPMENT_SESSION_SECRET],
  }));

/** Where the secret that signs cookies and sealed forms came from, for the start-up log. */
export type SessionSecretSource =
  { from: "SESSION_SECRET" | "development value" } | { from: "file"; path: string; created: boolean };

export type Env = z.infer<typeof schema> & { sessionSecretSource: SessionSecretSource };

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * The settings in `source`. In production without SESSION_SECRET, the secret is the one kept
 * beside the portal's database (`keep` reads it, or makes and writes it the first time).
 */
export function parseEnv(
  source: Record<string, string | undefined>,
  keep: (path: string) => KeptSecret = keepSessionSecret,
): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const settings = result.data;
  if (settings.SESSION_SECRET.length > 0) {
    const from = source.SESSION_SECRET?.trim() ? "SESSION_SECRET" : "development value";
    return { ...settings, sessionSecretSource: { from } };
  }
  const path = sessionSecretPath(settings.DATABASE_URL, settings.SANDBOX_DB);
  let kept: KeptSecret;
  try {
    kept = keep(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EnvError(
      `Invalid configuration:\n  SESSION_SECRET: unset, and no secret could be kept in ${path} (${reason})`,
    );
  }
  return {
    ...settings,
    SESSION_SECRET: [kept.secret],
    sessionSecretSource: { from: "file", path, created: kept.created },
  };
}

let current: Env | undefined;

/** The validated environment; parsed on first use so tests can set process.env first. */
export function env(): Env {
  current ??= parseEnv(process.env);
  return current;
}
