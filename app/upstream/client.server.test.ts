import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

// The client logs every call; keep the lines so tests can check what was written.
const logged = vi.hoisted(() => [] as { level: string; event: string; fields: Record<string, unknown> }[]);
vi.mock("../infra/log.server.ts", () => ({
  log: (level: string, event: string, fields: Record<string, unknown> = {}) => {
    logged.push({ level, event, fields });
  },
  errorFields: (error: unknown) => ({ error: String(error) }),
}));

import { env } from "../infra/env.server.ts";
import { callUpstream } from "./client.server.ts";
import type { CallOptions } from "./client.server.ts";
import { UpstreamError } from "./errors.ts";
import type { UpstreamErrorKind } from "./errors.ts";
import { sitePagesSchema } from "./schemas.ts";
import { setUpstreamTarget } from "./transport.server.ts";
import type { Transport } from "./transport.server.ts";

const TIMEOUT_MS = 200;
const BASE_URL = "http://upstream.test";

beforeAll(() => {
  // env() is read once, on first use; nothing in this file has used it yet.
  vi.stubEnv("UPSTREAM_TIMEOUT_MS", String(TIMEOUT_MS));
});

afterAll(() => {
  vi.unstubAllEnvs();
  setUpstreamTarget(undefined);
});

beforeEach(() => {
  logged.length = 0;
});

afterEach(() => {
  setUpstreamTarget(undefined);
});

type Received = { request: Request; body: string };

/** Points the client at a stub and records every request it receives. */
function useTransport(respond: (request: Request) => Response | Promise<Response>): Received[] {
  const received: Received[] = [];
  const transport: Transport = async (request) => {
    received.push({ request, body: await request.clone().text() });
    return respond(request);
  };
  setUpstreamTarget({ transport, baseUrl: BASE_URL, assetBase: "" });
  return received;
}

function answer(status: number, body: string, contentType = "application/json"): () => Response {
  return () => new Response(body, { status, headers: { "Content-Type": contentType } });
}

function answerJson(status: number, body: unknown): () => Response {
  return answer(status, JSON.stringify(body));
}

const anything = z.unknown();
const okSchema = z.object({ status: z.number(), message: z.string() });

function call<Schema extends z.ZodType>(
  overrides: Partial<CallOptions<Schema>> & { schema: Schema },
): Promise<z.output<Schema>> {
  return callUpstream({ method: "GET", path: "/v1/get-pages/", requestId: "req-test", ...overrides });
}

/** Runs the call and returns the UpstreamError it must throw. */
async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    if (error instanceof UpstreamError) return error;
  }
  throw new Error("the call succeeded but an UpstreamError was expected");
}

const HTML_ERROR_PAGE =
  "<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx secret-internal-host-7f3a</h1><p>upstream prematurely closed connection</p></body></html>";

const SITE_PAGES = {
  about: "<p>About</p>",
  contact: "Lagos|0800|help@example.ng",
  social: "fb|ig|tw",
  whatsapp_phone: "2348012345678",
  faq: "<p>FAQ</p>",
  privacy: "<p>Privacy</p>",
  terms: "<p>Terms</p>",
};

describe("configuration used by these tests", () => {
  it("reads the small timeout set for this file", () => {
    expect(env().UPSTREAM_TIMEOUT_MS).toBe(TIMEOUT_MS);
  });
});

describe("callUpstream: the request it sends", () => {
  it("sends a public GET with Accept: application/json and no Authorization, Content-Type or Idempotency-Key", async () => {
    const received = useTransport(answerJson(200, SITE_PAGES));
    await call({ schema: sitePagesSchema });
    expect(received).toHaveLength(1);
    const [first] = received;
    expect(first?.request.method).toBe("GET");
    expect(first?.request.url).toBe("http://upstream.test/v1/get-pages/");
    expect(first?.request.headers.get("accept")).toBe("application/json");
    expect(first?.request.headers.has("authorization")).toBe(false);
    expect(first?.request.headers.has("content-type")).toBe(false);
    expect(first?.request.headers.has("idempotency-key")).toBe(false);
    expect(first?.body).toBe("");
  });

  it("adds Authorization: Bearer <token> when a token is given", async () => {
    const received = useTransport(answerJson(200, { ok: true }));
    await call({ schema: anything, path: "/v1/user/profile/", token: "t" });
    expect(received[0]?.request.headers.get("authorization")).toBe("Bearer t");
    expect(received[0]?.request.headers.get("accept")).toBe("application/json");
  });

  it("sends a JSON body with Content-Type: application/json", async () => {
    const received = useTransport(answerJson(200, { key: "abc" }));
    const body = { email: "ada@example.ng", password: 'pässword "quoted"', nested: { list: [1, 2] } };
    await call({ schema: anything, method: "POST", path: "/v1/login/", body });
    const [first] = received;
    expect(first?.request.method).toBe("POST");
    expect(first?.request.url).toBe("http://upstream.test/v1/login/");
    expect(first?.request.headers.get("content-type")).toBe("application/json");
    expect(first?.request.headers.has("authorization")).toBe(false);
    expect(JSON.parse(first?.body ?? "")).toEqual(body);
  });

  it("sends PUT with both a token and a body", async () => {
    const received = useTransport(answerJson(200, { status: 200, message: "Saved." }));
    await call({
      schema: okSchema,
      method: "PUT",
      path: "/v1/change-password/",
      token: "tok-9",
      body: { old_password: "a" },
    });
    const [first] = received;
    expect(first?.request.method).toBe("PUT");
    expect(first?.request.headers.get("authorization")).toBe("Bearer tok-9");
    expect(first?.request.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(first?.body ?? "")).toEqual({ old_password: "a" });
  });

  it("adds Idempotency-Key when one is given", async () => {
    const received = useTransport(answerJson(200, { status: 200, message: "Done." }));
    const key = "0b6f1a52-8f0e-4e4b-9d0a-2b1f6c3e9a11";
    await call({
      schema: okSchema,
      method: "POST",
      path: "/v1/purchase-airtime/",
      token: "t",
      body: { subcategory_id: 1, phone_number: "08012345678", amount: 100 },
      idempotencyKey: key,
    });
    expect(received[0]?.request.headers.get("idempotency-key")).toBe(key);
  });

  it.each([
    ["/v1/get-subcategory-list/", "http://upstream.test/v1/get-subcategory-list/"],
    ["/v1/get-transactions/42", "http://upstream.test/v1/get-transactions/42"],
    ["/v1/generate-reserved-account/wema", "http://upstream.test/v1/generate-reserved-account/wema"],
    ["/password_reset/", "http://upstream.test/password_reset/"],
  ])("appends %s to the base URL exactly", async (path, url) => {
    const received = useTransport(answerJson(200, []));
    await call({ schema: anything, path });
    expect(received[0]?.request.url).toBe(url);
  });

  it("keeps a base URL's own path in front of the call's path", async () => {
    const received: string[] = [];
    setUpstreamTarget({
      transport: async (request) => {
        received.push(request.url);
        return Response.json([]);
      },
      baseUrl: "http://upstream.test/api",
      assetBase: "",
    });
    await call({ schema: anything, path: "/v1/get-subcategory-list/" });
    expect(received).toEqual(["http://upstream.test/api/v1/get-subcategory-list/"]);
  });

  it("returns the body parsed by the call's schema", async () => {
    useTransport(answerJson(200, { ...SITE_PAGES, whatsapp_phone: 2348012345678, faq: null, extra: "ignored" }));
    const pages = await call({ schema: sitePagesSchema });
    expect(pages).toEqual({
      about: SITE_PAGES.about,
      contact: SITE_PAGES.contact,
      social: SITE_PAGES.social,
      whatsappPhone: SITE_PAGES.whatsapp_phone,
      faq: "",
      privacy: SITE_PAGES.privacy,
      terms: SITE_PAGES.terms,
    });
  });

  it("logs a successful call with its request id, path and status", async () => {
    useTransport(answerJson(200, SITE_PAGES));
    await call({ schema: sitePagesSchema, requestId: "req-ok-1" });
    expect(logged).toContainEqual(
      expect.objectContaining({
        event: "upstream.ok",
        fields: expect.objectContaining({ requestId: "req-ok-1", method: "GET", path: "/v1/get-pages/", status: 200 }),
      }),
    );
  });
});

describe("callUpstream: outages", () => {
  it("maps a transport slower than UPSTREAM_TIMEOUT_MS to timeout (504)", async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    useTransport(
      () =>
        new Promise<Response>((resolve) => {
          // Ignores the abort signal, like the in-process sandbox.
          timer = setTimeout(() => resolve(Response.json(SITE_PAGES)), TIMEOUT_MS * 10);
        }),
    );
    const started = performance.now();
    const error = await failure(call({ schema: sitePagesSchema }));
    const took = performance.now() - started;
    clearTimeout(timer);
    expect(error.kind).toBe("timeout");
    expect(error.pageStatus).toBe(504);
    expect(error.status).toBe(0);
    expect(error.isOutage).toBe(true);
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(took).toBeLessThan(TIMEOUT_MS * 5);
  });

  it("maps a transport that honours the abort signal to timeout too", async () => {
    useTransport(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
        }),
    );
    const error = await failure(call({ schema: sitePagesSchema }));
    expect(error.kind).toBe("timeout");
    expect(error.pageStatus).toBe(504);
  });

  it("maps a body that stops arriving before the timeout to timeout", async () => {
    useTransport(() => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"about": "<p>Ab'));
          // Never closed: the rest of the body never comes.
        },
      });
      return new Response(stream, { status: 200, headers: { "Content-Type": "application/json" } });
    });
    const error = await failure(call({ schema: sitePagesSchema }));
    expect(error.kind).toBe("timeout");
    expect(error.pageStatus).toBe(504);
  });

  it("maps fetch failed / ECONNREFUSED to unreachable (503)", async () => {
    useTransport(() => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    });
    const error = await failure(call({ schema: sitePagesSchema }));
    expect(error.kind).toBe("unreachable");
    expect(error.pageStatus).toBe(503);
    expect(error.status).toBe(0);
    expect(error.code).toBe("ECONNREFUSED");
    expect(error.isOutage).toBe(true);
    expect(error.message).not.toContain("fetch failed");
  });

  it("maps a rejected transport promise without a cause to unreachable", async () => {
    useTransport(() => Promise.reject(new Error("socket hang up")));
    const error = await failure(call({ schema: sitePagesSchema }));
    expect(error.kind).toBe("unreachable");
    expect(error.pageStatus).toBe(503);
    expect(error.code).toBeNull();
  });

  it.each([500, 502, 503])("maps %i with an HTML body to fault (502) without the page's text", async (status) => {
    useTransport(answer(status, HTML_ERROR_PAGE, "text/html"));
    const error = await failure(call({ schema: sitePagesSchema }));
    expect(error.kind).toBe("fault");
    expect(error.pageStatus).toBe(502);
    expect(error.status).toBe(status);
    expect(error.isOutage).toBe(true);
    expect(error.message).not.toContain("nginx");
    expect(error.message).not.toContain("secret-internal-host");
    expect(error.message).not.toContain("<");
    expect(JSON.stringify(logged)).not.toContain("secret-internal-host");
  });

  it("maps a 5xx with a JSON envelope to fault, not rejected", async () => {
    useTransport(answerJson(500, { status: 500, message: "Database password is hunter2" }));
    const error = await failure(call({ schema: sitePagesSchema }));
    expect(error.kind).toBe("fault");
    expect(error.pageStatus).toBe(502);
    expect(error.message).not.toContain("hunter2");
  });

  it.each([
    ["a non-JSON body", "<html><body>Welcome to secret-internal-host</body></html>"],
    ["an empty body", ""],
    ["a blank body", "  \n "],
    ["truncated JSON", '{"about": "<p>secret-internal-host</p>", "contact": "La'],
    ["valid JSON of the wrong shape", JSON.stringify({ detail: "secret-internal-host", about: 42 })],
    ["a JSON array where an object is expected", JSON.stringify(["secret-internal-host"])],
    ["JSON null", "null"],
  ])("maps a 200 with %s to bad-response (502)", async (_label, body) => {
    useTransport(answer(200, body));
    const error = await failure(call({ schema: sitePagesSchema }));
    expect(error.kind).toBe("bad-response");
    expect(error.pageStatus).toBe(502);
    expect(error.status).toBe(200);
    expect(error.isOutage).toBe(true);
    expect(error.message).not.toContain("secret-internal-host");
    expect(JSON.stringify(logged)).not.toContain("secret-internal-host");
  });

  it("maps an empty 200 to bad-response even when the schema would accept anything", async () => {
    useTransport(answer(200, ""));
    const error = await failure(call({ schema: anything }));
    expect(error.kind).toBe("bad-response");
  });
});

describe("callUpstream: refusals", () => {
  it("maps 401 to unauthenticated", async () => {
    useTransport(
      answerJson(401, {
        type: "client_error",
        errors: [{ code: "authentication_failed", detail: "Invalid token.", attr: null }],
      }),
    );
    const error = await failure(call({ schema: anything, path: "/v1/user/profile/", token: "expired" }));
    expect(error.kind).toBe("unauthenticated");
    expect(error.status).toBe(401);
    expect(error.code).toBe("authentication_failed");
    expect(error.message).toBe("Invalid token.");
    expect(error.isOutage).toBe(false);
  });

  it("maps a bare 401 with no body to unauthenticated", async () => {
    useTransport(answer(401, ""));
    const error = await failure(call({ schema: anything, token: "t" }));
    expect(error.kind).toBe("unauthenticated");
    expect(error.status).toBe(401);
  });

  it.each(["authentication_failed", "not_authenticated"])(
    "maps a 400 client_error with code %s to unauthenticated",
    async (code) => {
      useTransport(answerJson(400, { type: "client_error", errors: [{ code, detail: "Invalid token.", attr: null }] }));
      const error = await failure(call({ schema: anything, token: "t" }));
      expect(error.kind).toBe("unauthenticated");
      expect(error.status).toBe(400);
      expect(error.code).toBe(code);
    },
  );

  it("maps a business error to rejected with its message", async () => {
    useTransport(answerJson(400, { status: 400, message: "Insufficient balance" }));
    const error = await failure(
      call({ schema: okSchema, method: "POST", path: "/v1/purchase-airtime/", token: "t", body: {} }),
    );
    expect(error.kind).toBe("rejected");
    expect(error.status).toBe(400);
    expect(error.message).toBe("Insufficient balance");
    expect(error.fieldErrors).toEqual({});
    expect(error.isOutage).toBe(false);
  });

  it("maps a login validation_error to rejected with its detail as message and a field error", async () => {
    const detail = "Unable to log in with provided credentials.";
    useTransport(answerJson(400, { type: "validation_error", errors: [{ code: "invalid", detail, attr: "email" }] }));
    const error = await failure(
      call({ schema: anything, method: "POST", path: "/v1/login/", body: { email: "a", password: "b" } }),
    );
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe(detail);
    expect(error.code).toBe("invalid");
    expect(error.fieldErrors).toEqual({ email: [detail] });
  });

  it("maps register field errors to fieldErrors", async () => {
    useTransport(
      answerJson(400, {
        status: 400,
        message: "Registration failed.",
        data: { email: ["This email is taken."], username: ["This username is taken.", "Too short."] },
      }),
    );
    const error = await failure(call({ schema: anything, method: "POST", path: "/v1/register/", body: {} }));
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe("Registration failed.");
    expect(error.fieldErrors.email).toEqual(["This email is taken."]);
    expect(error.fieldErrors).toEqual({
      email: ["This email is taken."],
      username: ["This username is taken.", "Too short."],
    });
  });

  it("reads a field error given as a single string", async () => {
    useTransport(answerJson(400, { status: 400, message: "Invalid.", data: { email: "Enter a valid email." } }));
    const error = await failure(call({ schema: anything, method: "POST", path: "/v1/register/", body: {} }));
    expect(error.fieldErrors).toEqual({ email: ["Enter a valid email."] });
  });

  it.each([
    [404, "Transaction not found."],
    [429, "Too many requests. Try again in a minute."],
  ])("maps a %i envelope to rejected with its message", async (status, message) => {
    useTransport(answerJson(status, { status, message }));
    const error = await failure(call({ schema: anything, token: "t" }));
    expect(error.kind).toBe("rejected");
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.isOutage).toBe(false);
  });

  it("treats a 4xx that is not an envelope (a proxy's page, a wrong UPSTREAM_URL) as an outage, without the body", async () => {
    useTransport(answer(403, HTML_ERROR_PAGE, "text/html"));
    const error = await failure(call({ schema: anything }));
    expect(error.kind).toBe("bad-response");
    expect(error.isOutage).toBe(true);
    expect(error.status).toBe(403);
    expect(error.message).not.toContain("secret-internal-host");
    expect(error.message).not.toContain("<");
    expect(error.message.length).toBeGreaterThan(0);
  });
});

describe("UpstreamError", () => {
  it.each<[UpstreamErrorKind, number, boolean, 502 | 503 | 504]>([
    ["rejected", 429, true, 503],
    ["rejected", 400, false, 502],
    ["fault", 503, true, 502],
    ["unreachable", 0, true, 503],
    ["timeout", 0, true, 504],
    ["unauthenticated", 401, false, 502],
  ])("kind %s with HTTP %i: a page stops for it: %s, with %i", (kind, status, temporary, pageStatus) => {
    const error = new UpstreamError(kind, "message", { status });
    expect(error.isTemporary).toBe(temporary);
    expect(error.pageStatus).toBe(pageStatus);
  });

  it.each<[UpstreamErrorKind, boolean, 502 | 503 | 504]>([
    ["timeout", true, 504],
    ["unreachable", true, 503],
    ["fault", true, 502],
    ["bad-response", true, 502],
    ["unauthenticated", false, 502],
    ["rejected", false, 502],
  ])("kind %s: isOutage %s, pageStatus %i", (kind, outage, pageStatus) => {
    const error = new UpstreamError(kind, "message");
    expect(error.isOutage).toBe(outage);
    expect(error.pageStatus).toBe(pageStatus);
    expect(error.status).toBe(0);
    expect(error.code).toBeNull();
    expect(error.fieldErrors).toEqual({});
    expect(error.name).toBe("UpstreamError");
    expect(error).toBeInstanceOf(Error);
  });
});

describe("callUpstream: envelopes a real upstream may bend", () => {
  it("still reads the code when message is null", async () => {
    useTransport(
      answer(
        400,
        JSON.stringify({
          type: "client_error",
          message: null,
          errors: [{ code: "not_authenticated", detail: "x", attr: null }],
        }),
      ),
    );
    const error = await failure(call({ schema: anything }));
    expect(error.kind).toBe("unauthenticated");
  });

  it("keeps the message when detail or status is null", async () => {
    useTransport(answer(400, JSON.stringify({ status: null, message: "Invalid OTP", detail: null })));
    const error = await failure(call({ schema: anything }));
    expect(error.message).toBe("Invalid OTP");
  });

  it("names nested field errors by their path", async () => {
    useTransport(
      answer(
        400,
        JSON.stringify({ status: 400, message: "Bad phone.", data: { profile: { phone_no: ["Bad phone."] } } }),
      ),
    );
    const error = await failure(call({ schema: anything }));
    expect(error.fieldErrors).toEqual({ "profile.phone_no": ["Bad phone."] });
  });
});
