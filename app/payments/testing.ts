import { createServer } from "node:http";
import type { IncomingHttpHeaders } from "node:http";

// For tests only: a real HTTP server on a free local port that stands in for a gateway, so
// the adapters are tested through fetch, sockets and timeouts as they run in production.

export type StubRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The JSON body, or undefined when there was none. */
  body: unknown;
};

/** A JSON answer, a raw text answer, or "hang": keep the connection open and never answer. */
export type StubReply = { status: number; json: unknown } | { status: number; text: string } | "hang";

export type Stub = {
  baseUrl: string;
  /** Every request received, in order. */
  requests: StubRequest[];
  close(): Promise<void>;
};

export async function startStub(answer: (request: StubRequest) => StubReply): Promise<Stub> {
  const requests: StubRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(incoming.url ?? "/", "http://stub.invalid");
      const request: StubRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: raw === "" ? undefined : JSON.parse(raw),
      };
      requests.push(request);
      const reply = answer(request);
      if (reply === "hang") return;
      if ("json" in reply) {
        outgoing.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(reply.json));
      } else {
        outgoing.writeHead(reply.status, { "Content-Type": "text/html" }).end(reply.text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the stub gateway has no TCP port");
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // A hanging request would otherwise keep close() waiting for ever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Base64 of `user:password`, as an HTTP Basic header carries it. */
export function basicCredentials(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}
