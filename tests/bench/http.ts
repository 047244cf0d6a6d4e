import type { IncomingHttpHeaders } from "node:http";
import { createServer, request } from "node:http";
import type { Server } from "node:net";

/** One response exactly as it came off the wire (body not decoded). */
export type Snapshot = {
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  body: Buffer;
  headers: IncomingHttpHeaders;
};

export type Baseline = {
  origin: string;
  close: () => Promise<void>;
};

const REQUEST_TIMEOUT_MS = 10_000;

/** The port a listening server got; it was asked for port 0, so only the OS knows it. */
export function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("server is not listening on TCP");
  return address.port;
}

/**
 * GET with node:http rather than fetch: fetch asks for gzip on its own and inflates the
 * body, which would hide both the exact bytes and what the server really sends.
 */
export function get(url: string, headers: Record<string, string> = {}): Promise<Snapshot> {
  return send(url, { headers });
}

/** One request, redirects not followed: the bench reads Location and Set-Cookie itself. */
export function send(
  url: string,
  options: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string },
): Promise<Snapshot> {
  const { method = "GET", headers = {}, body } = options;
  return new Promise((resolve, reject) => {
    // No keep-alive agent: a pooled socket would outlive the run and delay the portal's shutdown.
    const outgoing = request(url, { method, headers, agent: false, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers["content-type"],
          contentEncoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
          headers: response.headers,
        }),
      );
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer from ${url} within ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/**
 * The fastest thing Node can do for the same page: bytes from memory, same status and
 * content type, nothing else. The gap to it is what the portal's stack costs.
 */
export function startBaseline(pages: ReadonlyMap<string, Snapshot>): Promise<Baseline> {
  const server = createServer((incoming, response) => {
    const page = pages.get(incoming.url ?? "");
    if (!page) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not snapshotted\n");
      return;
    }
    const headers: Record<string, string> = { "Content-Length": String(page.body.length) };
    if (page.contentType) headers["Content-Type"] = page.contentType;
    response.writeHead(page.status, headers).end(page.body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      resolve({
        origin: `http://127.0.0.1:${portOf(server)}`,
        close: () =>
          new Promise((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      });
    });
  });
}
