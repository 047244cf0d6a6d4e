import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate } from "node:zlib";

// The upstream over node:http rather than fetch (decision 038). A signed-in page makes two to
// four upstream calls, and fetch wraps each in WHATWG streams and objects that cost about
// 0.2 ms of CPU more per call than node:http: a tenth of the page. The client's seam stays a
// Request in and a Response out; only the wire under it changes. What fetch did on its own
// is done here too: connections are kept alive, compressed answers are unpacked, and the
// request's signal aborts the call. Redirects are not followed: an upstream API does not
// redirect, and a purchase must never be sent somewhere it was not addressed.

// Idle connections are closed after 4 s unless the upstream's Keep-Alive header says sooner
// (as fetch does), so a call seldom lands on a connection the upstream is closing.
const IDLE_MS = 4_000;
const agents = {
  "http:": new HttpAgent({ keepAlive: true, timeout: IDLE_MS }),
  "https:": new HttpsAgent({ keepAlive: true, timeout: IDLE_MS }),
};

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  "x-gzip": promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/** Statuses whose Response may carry no body. */
const NULL_BODY = new Set([204, 205, 304]);

export async function nodeHttpTransport(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const agent = url.protocol === "https:" ? agents["https:"] : agents["http:"];
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const headers = Object.fromEntries(request.headers);
  headers["accept-encoding"] ??= "gzip, deflate, br";

  const incoming = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers, agent, signal: request.signal }, resolve);
    outgoing.on("error", reject);
    outgoing.end(body);
  });
  const raw = await readAll(incoming);
  const encoding = incoming.headers["content-encoding"]?.trim().toLowerCase() ?? "";
  const decode = decoders[encoding];
  const status = incoming.statusCode ?? 0;
  const bytes = decode ? await decode(raw) : raw;
  // As text: the client reads it as text, and a string is what Response takes without a copy.
  return new Response(NULL_BODY.has(status) ? null : bytes.toString("utf8"), {
    status,
    headers: responseHeaders(incoming.headers, decode !== undefined),
  });
}

async function readAll(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** The answer's headers; once the body is unpacked, its encoding and length no longer describe it. */
function responseHeaders(incoming: IncomingHttpHeaders, unpacked: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || (unpacked && (name === "content-encoding" || name === "content-length"))) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}
