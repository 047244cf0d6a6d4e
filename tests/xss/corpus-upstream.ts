import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandboxServer } from "../../sandbox/serve.ts";
import { portOf } from "../bench/http.ts";

// An upstream whose administrator pasted the XSS corpus into every setting the portal shows:
// the sandbox over HTTP on a fresh database, behind a proxy that swaps the text of those
// settings for the corpus. Everything else (log-in, wallets, purchases) is the sandbox's.

export type CorpusUpstream = { url: string; close: () => Promise<void> };

/** What each call's fields become, by path; the values are the wire's own field names. */
export type Replacements = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

// Per connection or recomputed by fetch, so never handed on.
const HOP_HEADERS = new Set([
  "connection",
  "content-length",
  "content-encoding",
  "keep-alive",
  "transfer-encoding",
  "host",
]);

async function body(incoming: IncomingMessage): Promise<string | undefined> {
  // The sandbox speaks JSON only, so the body is text; decoded whole, as a chunk can end
  // inside a character.
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return chunks.length === 0 ? undefined : Buffer.concat(chunks).toString("utf8");
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

export async function startCorpusUpstream(replacements: Replacements): Promise<CorpusUpstream> {
  const directory = await mkdtemp(join(tmpdir(), "xss-upstream-"));
  const sandbox = await startSandboxServer({
    port: 0,
    host: "127.0.0.1",
    databasePath: join(directory, "sandbox.db"),
    log: () => {},
  });
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? "/";
    const forward = async () => {
      const method = incoming.method ?? "GET";
      const answer = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: headersOf(incoming),
        body: await body(incoming),
        redirect: "manual",
      });
      let text = await answer.text();
      const replacement = replacements[path.split("?")[0] ?? path];
      if (replacement !== undefined && answer.ok)
        text = JSON.stringify({ ...(JSON.parse(text) as Record<string, unknown>), ...replacement });
      answer.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name) && name !== "set-cookie") outgoing.setHeader(name, value);
      });
      outgoing.statusCode = answer.status;
      outgoing.end(text);
    };
    forward().catch((error: unknown) => {
      outgoing.statusCode = 502;
      outgoing.end(`corpus upstream: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${portOf(server)}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await sandbox.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
