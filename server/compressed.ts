import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { chooseEncoding } from "./precompressed.ts";

// The pages rendered for each request (all but the ones the page cache keeps) come whole, in
// one buffer (app/entry.server.tsx), and are compressed here in one call on this thread, as
// `compression()` compressed them: gzip at zlib's default level, brotli at quality 4, from
// 1 KiB. Its stream took each page through libuv's thread pool three times (write, flush,
// end), which cost more CPU than compressing (decision 093). Any other answer, and a browser
// that asks for neither coding, goes on to `compression()`, mounted before this.

/** `compression()`'s threshold: smaller answers are not worth a coding's header and framing. */
const THRESHOLD_BYTES = 1024;
/** `compression()`'s brotli quality: quick enough per request; build-time files get 11. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** Both codings this sends; the choice between them is the build-time files' (decision 039). */
const BOTH = { br: true, gzip: true };
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

type Callback = (error?: Error | null) => void;

/** A page this compresses: HTML, not encoded already, and not marked for no transformation. */
function isDocument(response: Response): boolean {
  const type = response.get("Content-Type") ?? "";
  const encoding = response.get("Content-Encoding") ?? "identity";
  return (
    type.startsWith("text/html") && encoding === "identity" && !NO_TRANSFORM.test(response.get("Cache-Control") ?? "")
  );
}

function bytesOf(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return chunk instanceof Uint8Array ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.alloc(0);
}

export function compressDocuments(): RequestHandler {
  return (request, response, next) => {
    const encoding = request.method === "HEAD" ? null : chooseEncoding(request.get("Accept-Encoding"), BOTH);
    if (encoding === null) return next();
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    /** The page's bytes so far; null until the first write shows it is a page. */
    let chunks: Buffer[] | null = null;

    /** Whether this answer is kept to the end; if not, the response is as if this were not here. */
    function keeps(): boolean {
      if (chunks !== null) return true;
      if (isDocument(response)) {
        chunks = [];
        return true;
      }
      response.write = write;
      response.end = end;
      return false;
    }

    response.write = ((...args: unknown[]): boolean => {
      if (!keeps()) return Reflect.apply(write, response, args) as boolean;
      const [chunk, chunkEncoding] = args;
      chunks?.push(bytesOf(chunk, chunkEncoding));
      const done = args.find((argument) => typeof argument === "function");
      if (typeof done === "function") process.nextTick(done);
      return true;
    }) as Response["write"];

    response.end = ((...args: unknown[]): Response => {
      if (!keeps()) return Reflect.apply(end, response, args) as Response;
      const [chunk, chunkEncoding] = args;
      const last =
        typeof chunk === "function" || chunk === undefined || chunk === null ? [] : [bytesOf(chunk, chunkEncoding)];
      const body = Buffer.concat([...(chunks ?? []), ...last]);
      const done = args.find((argument) => typeof argument === "function") as Callback | undefined;
      response.write = write;
      response.end = end;
      const finish = (data: Buffer) => (done ? end(data, done) : end(data));
      if (body.byteLength < THRESHOLD_BYTES) return finish(body);
      response.vary("Accept-Encoding");
      response.set("Content-Encoding", encoding);
      const encoded = encoding === "br" ? brotliCompressSync(body, BROTLI) : gzipSync(body);
      // Known whole, so sent with its length rather than in chunks.
      response.set("Content-Length", String(encoded.byteLength));
      return finish(encoded);
    }) as Response["end"];

    next();
  };
}
