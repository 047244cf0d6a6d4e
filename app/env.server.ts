import { z } from "zod";

// Read once at start-up by server.ts; a bad value stops the server with the variable's name.
// Defaults make `npm run dev` work on a fresh machine against the embedded sandbox.

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
const optionalText = z.preprocess(blankAsUnset, z.string().optional());

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

const schema = z
  .object({
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
    SANDBOX_DB: z.preprocess(blankAsUnset, z.string().trim().min(1).default("./data/sandbox.db")),
    CHECKOUT_SURCHARGE_PERCENT: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(20).default(1.5)),
    PAYMENT_GATEWAY: z.preprocess(blankAsUnset, z.enum(["sandbox", "monnify", "flutterwave"]).default("sandbox")),
    MONNIFY_BASE_URL: optionalUrl,
    MONNIFY_API_KEY: optionalText,
    MONNIFY_SECRET_KEY: optionalText,
    MONNIFY_CONTRACT_CODE: optionalText,
    FLUTTERWAVE_SECRET_KEY: optionalText,
  })
  .superRefine((env, context) => {
    const realMoney = env.NODE_ENV === "production" && env.UPSTREAM_URL !== undefined;
    if (realMoney && env.SESSION_SECRET.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when NODE_ENV=production and UPSTREAM_URL is set",
      });
    }
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET.length > 0 ? env.SESSION_SECRET : [DEVELOPMENT_SESSION_SECRET],
  }));

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

let current: Env | undefined;

/** The validated environment; parsed on first use so tests can set process.env first. */
export function env(): Env {
  current ??= parseEnv(process.env);
  return current;
}
