import { once } from "node:events";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { errorCode } from "../infra/http-call.server.ts";
import { nodeHttpTransport } from "./node-transport.server.ts";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
type Handler = (request: IncomingMessage, response: ServerResponse, seen: Seen) => void;

let server: Server | undefined;

/** A stand-in upstream on a free port: what it saw, how many connections it took, and its origin. */
async function upstream(handler: Handler) {
  const seen: Seen[] = [];
  let connections = 0;
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const one = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(one);
      handler(request, response, one);
    });
  });
  server.on("connection", () => (connections += 1));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, seen, connections: () => connections };
}

afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  server.close();
  await once(server, "close");
  server = undefined;
});

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
};

describe("nodeHttpTransport", () => {
  it("sends the method, path, headers and body, and answers the status and body", async () => {
    const { origin, seen } = await upstream((_request, response) => json(response, 201, { ok: "₦1,234.50" }));
    const response = await nodeHttpTransport(
      new Request(`${origin}/v1/purchase-airtime/?x=1`, {
        method: "POST",
        headers: { Authorization: "Bearer t", "Idempotency-Key": "key-1", "Content-Type": "application/json" },
        body: JSON.stringify({ phone: "08031234567", amount: 100 }),
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: "₦1,234.50" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/v1/purchase-airtime/?x=1",
      body: '{"phone":"08031234567","amount":100}',
    });
    expect(seen[0]?.headers).toMatchObject({ authorization: "Bearer t", "idempotency-key": "key-1" });
  });

  it.each([
    ["gzip", (body: string) => gzipSync(body)],
    ["br", (body: string) => brotliCompressSync(body)],
  ])("asks for compression and unpacks a %s answer", async (encoding, compress) => {
    const history = JSON.stringify({ results: Array.from({ length: 500 }, (_, id) => ({ id, amount: "100.00" })) });
    const { origin, seen } = await upstream((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": encoding });
      response.end(compress(history));
    });
    const response = await nodeHttpTransport(new Request(`${origin}/v1/get-transactions/`));
    expect(await response.text()).toBe(history);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(seen[0]?.headers["accept-encoding"]).toContain(encoding);
  });

  it("keeps the connection for the next call", async () => {
    const { origin, connections } = await upstream((_request, response) => json(response, 200, {}));
    for (let call = 0; call < 5; call += 1) await (await nodeHttpTransport(new Request(`${origin}/v1/x/`))).text();
    expect(connections()).toBe(1);
  });

  it("answers an empty body for 204", async () => {
    const { origin } = await upstream((_request, response) => response.writeHead(204).end());
    const response = await nodeHttpTransport(new Request(`${origin}/v1/x/`, { method: "PUT", body: "{}" }));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("hands a redirect back instead of following it", async () => {
    const { origin, seen } = await upstream((_request, response) =>
      response.writeHead(302, { Location: "http://elsewhere.invalid/" }).end(),
    );
    const response = await nodeHttpTransport(
      new Request(`${origin}/v1/purchase-data/`, { method: "POST", body: "{}" }),
    );
    expect(response.status).toBe(302);
    expect(seen).toHaveLength(1);
  });

  it("fails with the system's code when nothing listens", async () => {
    const { origin } = await upstream((_request, response) => json(response, 200, {}));
    server?.close();
    await once(server as Server, "close");
    server = undefined;
    const failure = await nodeHttpTransport(new Request(`${origin}/v1/x/`)).catch((error: unknown) => error);
    expect(errorCode(failure)).toBe("ECONNREFUSED");
  });

  it("stops waiting when the request's signal aborts", async () => {
    const { origin } = await upstream(() => {
      // Never answers.
    });
    const started = performance.now();
    const call = nodeHttpTransport(new Request(`${origin}/v1/x/`, { signal: AbortSignal.timeout(200) }));
    await expect(call).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
