import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** An answer as it came off the wire: the body still encoded, the headers as sent. */
export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One request to a test server on 127.0.0.1 with exactly these headers (no agent, so no
 * Accept-Encoding of Node's own), for the compression tests to read what was sent.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
