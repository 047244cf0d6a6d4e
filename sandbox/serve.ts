import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createSandbox } from "./handler.ts";
import type { Sandbox } from "./handler.ts";
import { writeJsonLine } from "./http/log.ts";
import type { Log } from "./http/log.ts";
import { isMediaPath, serveMedia } from "./http/media.ts";
import { methodNotAllowed, serverError, statusMessage } from "./http/responses.ts";

export interface SandboxServerOptions {
  readonly port: number;
  readonly host: string;
  readonly databasePath: string;
  readonly mediaRoot?: string;
  readonly portalOrigin?: string;
  readonly settleAfterMs?: number;
  // Where browsers reach this server, when that is not the address it listens on (behind a
  // proxy, in a container); checkout links are built on it.
  readonly gatewayBase?: string;
  readonly log?: Log;
}

export interface SandboxServer {
  readonly url: string;
  close(): Promise<void>;
}

const defaultMediaRoot = fileURLToPath(new URL("../public/media", import.meta.url));
const maxBodyBytes = 1024 * 1024;

// Hop-by-hop headers describe this one connection, and the body's length is set again by
// Request, so none of them is handed on.
const droppedRequestHeaders = new Set([
  "connection",
  "content-length",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

export class BodyTooLargeError extends Error {}

export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const log = options.log ?? writeJsonLine;
  const mediaRoot = options.mediaRoot ?? defaultMediaRoot;
  const sandbox = createSandbox({
    databasePath: options.databasePath,
    portalOrigin: options.portalOrigin,
    settleAfterMs: options.settleAfterMs,
    gatewayBase: options.gatewayBase,
    log,
  });
  // Requests arrive only once the server listens, by when this is the server's own URL: the
  // origin of a request whose Host header names none.
  let origin = "http://sandbox.invalid";
  const server = createServer((incoming, outgoing) => {
    const started = performance.now();
    outgoing.on("finish", () => {
      log({
        level: "info",
        event: "request",
        method: incoming.method,
        path: pathOnly(incoming.url),
        status: outgoing.statusCode,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    respond(incoming, outgoing, { sandbox, mediaRoot, log, origin }).catch(() => {
      // Writing failed, so the client has gone; nothing is left to tell it.
      outgoing.destroy();
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    sandbox.close();
    throw error;
  }

  const address = server.address();
  if (address === null || typeof address === "string") {
    await new Promise((resolve) => server.close(resolve));
    sandbox.close();
    throw new Error("The sandbox server is not listening on a TCP port.");
  }
  const url = `http://${formatHost(address)}:${address.port}`;
  origin = url;
  let closing: Promise<void> | undefined;

  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          sandbox.close();
          if (error === undefined) {
            resolve();
          } else {
            reject(error);
          }
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

interface Responder {
  readonly sandbox: Sandbox;
  readonly mediaRoot: string;
  readonly log: Log;
  readonly origin: string;
}

async function respond(incoming: IncomingMessage, outgoing: ServerResponse, responder: Responder): Promise<void> {
  const method = incoming.method ?? "GET";
  const target = incoming.url ?? "/";
  try {
    let response: Response;
    if (!target.startsWith("/")) {
      response = statusMessage(400, "Bad request.");
    } else if (isMediaPath(target)) {
      response =
        method === "GET" || method === "HEAD"
          ? await serveMedia(responder.mediaRoot, target)
          : methodNotAllowed(["GET", "HEAD"]);
    } else {
      response = await responder.sandbox.handle(await toRequest(incoming, method, target, responder.origin));
    }
    await writeResponse(outgoing, response, method === "HEAD");
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    // Closing the connection stops Node from reading the rest of an oversized body.
    const response = tooLarge ? statusMessage(413, "Request body too large.", { Connection: "close" }) : serverError();
    if (!tooLarge) {
      responder.log({
        level: "error",
        event: "sandbox_server_error",
        method,
        path: pathOnly(target),
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
    if (outgoing.headersSent) {
      outgoing.destroy();
    } else {
      await writeResponse(outgoing, response, false);
    }
  }
}

/**
 * The incoming request as the sandbox's handler takes it. Exported for servers that wrap the
 * sandbox (the tests' fault-injecting upstream); throws BodyTooLargeError past 1 MiB.
 */
export async function toRequest(
  incoming: IncomingMessage,
  method: string,
  target: string,
  origin: string,
): Promise<Request> {
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    const name = incoming.rawHeaders[index];
    const value = incoming.rawHeaders[index + 1];
    if (name !== undefined && value !== undefined && !droppedRequestHeaders.has(name.toLowerCase())) {
      headers.append(name, value);
    }
  }
  const url = `${requestOrigin(incoming, origin)}${target}`;
  if (method === "GET" || method === "HEAD") {
    return new Request(url, { method, headers });
  }
  return new Request(url, { method, headers, body: await readBody(incoming) });
}

// The origin the caller reached the sandbox at: gateway links (checkout_url) point there, so
// a portal whose UPSTREAM_URL says localhost gets localhost links. Only a plain host[:port]
// Host header is taken; anything else falls back to the address the server listens on.
// Routing reads only the path, so the Host header can change nothing else.
const hostPattern = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

function requestOrigin(incoming: IncomingMessage, fallback: string): string {
  const host = incoming.headers.host;
  const origin = host !== undefined && hostPattern.test(host) ? `http://${host.toLowerCase()}` : fallback;
  return URL.canParse(origin) ? origin : fallback;
}

async function readBody(incoming: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of incoming) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    length += buffer.length;
    if (length > maxBodyBytes) {
      throw new BodyTooLargeError();
    }
    chunks.push(buffer);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/** Writes the handler's answer whole, with its length; exported beside toRequest. */
export async function writeResponse(outgoing: ServerResponse, response: Response, headOnly: boolean): Promise<void> {
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") {
      outgoing.setHeader(name, value);
    }
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) {
    outgoing.setHeader("set-cookie", cookies);
  }
  const body = Buffer.from(await response.arrayBuffer());
  outgoing.setHeader("content-length", body.length);
  outgoing.end(headOnly ? undefined : body);
}

function pathOnly(target: string | undefined): string {
  const path = target ?? "/";
  const query = path.indexOf("?");
  return query === -1 ? path : path.slice(0, query);
}

function formatHost(address: AddressInfo): string {
  return address.family === "IPv6" ? `[${address.address}]` : address.address;
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === "") {
    return 4000;
  }
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SANDBOX_PORT must be a port number from 0 to 65535, not "${value}".`);
  }
  return port;
}

function readSettleAfterMs(value: string | undefined): number | undefined {
  if (value === undefined || value === "") {
    return undefined;
  }
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new Error(`SANDBOX_SETTLE_AFTER_MS must be a whole number of milliseconds, not "${value}".`);
  }
  return ms;
}

async function main(): Promise<void> {
  const server = await startSandboxServer({
    port: readPort(process.env["SANDBOX_PORT"]),
    host: process.env["SANDBOX_HOST"] || "127.0.0.1",
    databasePath: process.env["SANDBOX_DB"] || "./data/sandbox.db",
    // The portal's own setting (docs/operating.md): reset links in e-mails lead back to it.
    portalOrigin: process.env["PUBLIC_ORIGIN"] || undefined,
    settleAfterMs: readSettleAfterMs(process.env["SANDBOX_SETTLE_AFTER_MS"]),
    gatewayBase: process.env["SANDBOX_GATEWAY_BASE"] || undefined,
  });
  writeJsonLine({ level: "info", event: "sandbox_listening", url: server.url });
  const shutdown = (signal: string): void => {
    writeJsonLine({ level: "info", event: "sandbox_stopping", signal });
    // No process.exit: once the server and the database are closed the event loop is
    // empty and Node ends by itself, after in-flight responses are written.
    server.close().catch((error: unknown) => {
      writeJsonLine({ level: "error", event: "sandbox_stop_failed", error: String(error) });
      process.exitCode = 1;
    });
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    writeJsonLine({
      level: "error",
      event: "sandbox_start_failed",
      error: error instanceof Error ? error.message : String(error),
    });
    process.exit(1);
  });
}
