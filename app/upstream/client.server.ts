import type { z } from "zod";
import { m } from "../i18n/paraglide/messages.js";
import { env } from "../infra/env.server.ts";
import { elapsed, errorCode, parseJson, withAbort } from "../infra/http-call.server.ts";
import { log } from "../infra/log.server.ts";
import { UpstreamError } from "./errors.ts";
import { errorEnvelopeSchema } from "./schemas.ts";
import { upstreamTarget } from "./transport.server.ts";

export type CallOptions<Schema extends z.ZodType> = {
  method: "GET" | "POST" | "PUT";
  path: string;
  schema: Schema;
  token?: string;
  body?: unknown;
  idempotencyKey?: string;
  /** Carried into every log line about this call. */
  requestId: string;
};

/**
 * Sends one call of docs/upstream-api.md and returns its parsed body, or throws UpstreamError.
 * The only place that knows headers, timeouts and the error envelopes.
 */
export async function callUpstream<Schema extends z.ZodType>(options: CallOptions<Schema>): Promise<z.output<Schema>> {
  return (await callUpstreamWithStatus(options)).body;
}

/** As callUpstream, with the HTTP status too: a purchase reads 200 and 201 differently. */
export async function callUpstreamWithStatus<Schema extends z.ZodType>(
  options: CallOptions<Schema>,
): Promise<{ status: number; body: z.output<Schema> }> {
  const { transport, baseUrl } = upstreamTarget();
  const timeoutMs = env().UPSTREAM_TIMEOUT_MS;
  const headers = new Headers({ Accept: "application/json" });
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.idempotencyKey) headers.set("Idempotency-Key", options.idempotencyKey);

  const signal = AbortSignal.timeout(timeoutMs);
  const request = new Request(`${baseUrl}${options.path}`, {
    method: options.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal,
  });
  const started = performance.now();
  const logFields = { requestId: options.requestId, method: options.method, path: options.path };

  let response: Response;
  let raw: string;
  try {
    response = await withAbort(transport(request), signal);
    raw = await withAbort(response.text(), signal);
  } catch (error) {
    const timedOut = signal.aborted;
    log("warn", "upstream.failed", {
      ...logFields,
      reason: timedOut ? "timeout" : "unreachable",
      ms: elapsed(started),
    });
    throw timedOut
      ? new UpstreamError("timeout", "The upstream did not answer in time.")
      : new UpstreamError("unreachable", "The upstream could not be reached.", { code: errorCode(error) });
  }

  const ms = elapsed(started);
  const body = parseJson(raw);
  if (response.status >= 500) {
    log("warn", "upstream.fault", { ...logFields, status: response.status, ms });
    throw new UpstreamError("fault", "The upstream failed.", { status: response.status });
  }
  if (response.status >= 400 && response.status !== 401 && (typeof body !== "object" || body === null)) {
    // Not an error envelope of the upstream's: a proxy's error page or a wrong UPSTREAM_URL.
    log("warn", "upstream.bad-response", {
      ...logFields,
      status: response.status,
      ms,
      issues: "4xx without a JSON envelope",
    });
    throw new UpstreamError("bad-response", "The upstream answered with something unexpected.", {
      status: response.status,
    });
  }
  if (response.status >= 400) {
    const error = rejection(response.status, body);
    log("info", "upstream.rejected", { ...logFields, status: response.status, code: error.code, ms });
    throw error;
  }
  const parsed = options.schema.safeParse(body);
  if (body === undefined || !parsed.success) {
    log("warn", "upstream.bad-response", {
      ...logFields,
      status: response.status,
      ms,
      issues: parsed.success
        ? "not JSON"
        : parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    });
    throw new UpstreamError("bad-response", "The upstream answered with something unexpected.", {
      status: response.status,
    });
  }
  log("info", "upstream.ok", { ...logFields, status: response.status, ms });
  return { status: response.status, body: parsed.data };
}

function rejection(status: number, body: unknown): UpstreamError {
  const envelope = errorEnvelopeSchema.safeParse(body);
  const fields = envelope.success ? envelope.data : {};
  const firstError = fields.errors?.[0];
  const code = firstError?.code ?? null;
  // The upstream's own words, as sent; ours, in the request's language, only when it gave none.
  const message = fields.message ?? firstError?.detail ?? fields.detail ?? m.valid_upstream_refused();

  if (status === 401 || code === "authentication_failed" || code === "not_authenticated") {
    return new UpstreamError("unauthenticated", message, { status, code });
  }
  const fieldErrors: Record<string, string[]> = {};
  collectFieldErrors(fields.data ?? {}, "", fieldErrors);
  for (const error of fields.errors ?? []) {
    if (error.attr && error.detail) (fieldErrors[error.attr] ??= []).push(error.detail);
  }
  return new UpstreamError("rejected", message, { status, code, fieldErrors });
}

/** `{"profile": {"phone_no": ["..."]}}` becomes `{"profile.phone_no": ["..."]}`. */
function collectFieldErrors(data: Record<string, unknown>, prefix: string, into: Record<string, string[]>): void {
  for (const [field, value] of Object.entries(data)) {
    const name = `${prefix}${field}`;
    if (typeof value === "string") into[name] = [value];
    else if (Array.isArray(value)) {
      const messages = value.filter((item): item is string => typeof item === "string");
      if (messages.length > 0) into[name] = messages;
    } else if (typeof value === "object" && value !== null) {
      collectFieldErrors(Object.fromEntries(Object.entries(value)), `${name}.`, into);
    }
  }
}
