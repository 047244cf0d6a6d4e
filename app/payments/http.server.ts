import type { z } from "zod";
import { parseNairaToKobo } from "../domain/money.ts";
import { elapsed, errorCode, parseJson, withAbort } from "../infra/http-call.server.ts";
import { log } from "../infra/log.server.ts";
import { PaymentError } from "./gateway.ts";
import type { GatewayName } from "./gateway.ts";

/** fetch, or the embedded sandbox's handler called in-process. */
export type GatewayTransport = (request: Request) => Promise<Response>;

export type GatewayAnswer = { status: number; body: unknown };

export type GatewayCall<T> = {
  gateway: GatewayName;
  /** What the call is for, in the log: login, create, verify. */
  operation: string;
  transport: GatewayTransport;
  timeoutMs: number;
  method: "GET" | "POST";
  url: string;
  /** Sent as given; the log never sees headers, so credentials stay out of it. */
  headers?: Record<string, string>;
  body?: unknown;
  /** The payment this call is about, for the log. */
  reference?: string;
  requestId?: string;
  /** Turns the gateway's answer into a result, or throws PaymentError refused / bad-response. */
  read: (answer: GatewayAnswer) => T;
};

/**
 * Sends one gateway call with a timeout and writes exactly one log line about it: path,
 * status, outcome and time, never headers, bodies or query strings (they carry keys,
 * tokens and customer details).
 */
export async function callGateway<T>(call: GatewayCall<T>): Promise<T> {
  const headers = new Headers({ Accept: "application/json", ...call.headers });
  if (call.body !== undefined) headers.set("Content-Type", "application/json");
  const signal = AbortSignal.timeout(call.timeoutMs);
  const started = performance.now();
  const fields = {
    requestId: call.requestId,
    gateway: call.gateway,
    operation: call.operation,
    method: call.method,
    path: new URL(call.url).pathname,
    reference: call.reference,
  };

  let status: number;
  let raw: string;
  try {
    const request = new Request(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal,
    });
    const response = await withAbort(call.transport(request), signal);
    status = response.status;
    raw = await withAbort(response.text(), signal);
  } catch (error) {
    const timedOut = signal.aborted;
    log("warn", "gateway.call", {
      ...fields,
      outcome: timedOut ? "timeout" : "unreachable",
      code: errorCode(error),
      ms: elapsed(started),
    });
    throw timedOut
      ? new PaymentError("timeout", "The payment gateway did not answer in time.")
      : new PaymentError("unreachable", "The payment gateway could not be reached.");
  }

  const ms = elapsed(started);
  try {
    if (status >= 500) throw new PaymentError("bad-response", "The payment gateway failed on its side.", { status });
    const result = call.read({ status, body: parseJson(raw) });
    log("info", "gateway.call", { ...fields, status, outcome: "ok", ms });
    return result;
  } catch (error) {
    if (error instanceof PaymentError) {
      log("warn", "gateway.call", { ...fields, status, outcome: error.kind, detail: error.message, ms });
    }
    throw error;
  }
}

/** The body as the schema reads it, or bad-response naming the first mismatches (for the log). */
export function readBody<Schema extends z.ZodType>(schema: Schema, answer: GatewayAnswer): z.output<Schema> {
  const parsed = schema.safeParse(answer.body);
  if (answer.body !== undefined && parsed.success) return parsed.data;
  const issues = parsed.success
    ? "not JSON"
    : parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`)
        .join("; ");
  throw new PaymentError("bad-response", `The payment gateway answered with something unexpected (${issues}).`, {
    status: answer.status,
  });
}

/** A naira amount from a gateway as kobo, or bad-response: a price we cannot read exactly is not rounded. */
export function readKobo(value: number | string, answer: GatewayAnswer): number {
  const kobo = parseNairaToKobo(value);
  if (kobo === null || kobo < 0) {
    throw new PaymentError(
      "bad-response",
      `The payment gateway sent an amount we cannot read (${String(value).slice(0, 40)}).`,
      {
        status: answer.status,
      },
    );
  }
  return kobo;
}

/** A short, printable reason from a gateway's refusal, for the log. */
export function refusalReason(body: unknown): string {
  if (typeof body !== "object" || body === null) return "no reason given";
  for (const key of ["responseMessage", "message", "error"]) {
    const value: unknown = Reflect.get(body, key);
    // Without its full stop, as callers end the sentence themselves.
    if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, 200).replace(/\.+$/, "");
  }
  return "no reason given";
}
