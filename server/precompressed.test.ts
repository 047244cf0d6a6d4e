import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { chooseEncoding, createPrecompressed, HASHED_FILES } from "./precompressed.ts";
import { rawRequest } from "./raw-request.test-support.ts";

describe("chooseEncoding", () => {
  const both = { br: true, gzip: true };

  it.each([
    ["Chrome over HTTPS", "gzip, deflate, br, zstd", "br"],
    ["Chrome over plain HTTP", "gzip, deflate", "gzip"],
    ["gzip alone", "gzip", "gzip"],
    ["brotli alone", "br", "br"],
    ["any coding", "*", "br"],
    ["names in any case, spaces around", " GZip ;Q=0.5 , Br ; q=0.8 ", "br"],
    ["the old name of gzip", "x-gzip", "gzip"],
  ])("%s (%s) gets %s", (_name, header, expected) => {
    expect(chooseEncoding(header, both)).toBe(expected);
  });

  it.each([
    ["no Accept-Encoding", undefined],
    ["an empty one", ""],
    ["identity only", "identity"],
    ["codings this server has no copy in", "deflate, zstd"],
    ["every coding refused", "*;q=0"],
    ["both refused by name", "br;q=0, gzip;q=0.000, deflate"],
    ["both refused, the rest allowed", "br;q=0, gzip;q=0, *"],
  ])("%s (%s): the plain file", (_name, header) => {
    expect(chooseEncoding(header, both)).toBeNull();
  });

  it("respects q=0 for one coding and takes the other", () => {
    expect(chooseEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(chooseEncoding("gzip, br;q=0", both)).toBe("gzip");
    expect(chooseEncoding("*, br;q=0", both)).toBe("gzip");
    expect(chooseEncoding("*, gzip;q=0", both)).toBe("br");
    expect(chooseEncoding("gzip;q=0, deflate, br", both)).toBe("br");
  });

  it("takes the coding the client weighs higher, brotli on a tie", () => {
    expect(chooseEncoding("gzip;q=1, br;q=0.5", both)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.5", both)).toBe("br");
    expect(chooseEncoding("gzip, *;q=0.1", both)).toBe("gzip");
  });

  it("leaves out an element whose weight is no qvalue", () => {
    expect(chooseEncoding("br;q=high, gzip", both)).toBe("gzip");
    expect(chooseEncoding("br;q=2", both)).toBeNull();
    expect(chooseEncoding("br;q=-1, gzip;q=0.1", both)).toBe("gzip");
  });

  it("only offers the copies there are", () => {
    expect(chooseEncoding("gzip, deflate, br", { br: false, gzip: true })).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br", { br: true, gzip: false })).toBe("br");
    expect(chooseEncoding("gzip", { br: true, gzip: false })).toBeNull();
  });
});

const servers: Server[] = [];
const directories: string[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** Some JavaScript well over 1 KB, as a built chunk is. */
const SCRIPT = Buffer.from(
  Array.from({ length: 200 }, (_, index) => `export const value${index} = "${"x".repeat(index % 17)}";\n`).join(""),
);
const STYLES = Buffer.from(
  Array.from({ length: 100 }, (_, index) => `.rule-${index} { margin: ${index}px; }\n`).join(""),
);

/**
 * A build/client with app.js (both copies), styles.css (gzip only) and small.js (none), a
 * file outside assets/ that has a brotli copy too, and the portal's order of handlers:
 * precompressed copies, compression, the plain files.
 */
async function portal() {
  const root = mkdtempSync(join(tmpdir(), "precompressed-"));
  directories.push(root);
  const assets = join(root, "assets");
  mkdirSync(assets);
  writeFileSync(join(assets, "app.js"), SCRIPT);
  writeFileSync(join(assets, "app.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(assets, "app.js.gz"), gzipSync(SCRIPT, { level: 9 }));
  writeFileSync(join(assets, "styles.css"), STYLES);
  writeFileSync(join(assets, "styles.css.gz"), gzipSync(STYLES, { level: 9 }));
  writeFileSync(join(assets, "small.js"), "export {};\n");
  writeFileSync(join(root, "secret.js"), SCRIPT);
  writeFileSync(join(root, "secret.js.br"), brotliCompressSync(SCRIPT));

  const app = express();
  // As server.ts: `res.sendFile` takes its ETag from this setting, not from its options.
  app.disable("etag");
  app.use("/assets", createPrecompressed({ directory: assets, ...HASHED_FILES }));
  // In front of the copies it must leave them as they are (it skips an answer with a
  // Content-Encoding); the portal puts it behind them, where it never sees one.
  app.use(compression());
  app.use("/assets", express.static(assets, { ...HASHED_FILES, index: false }));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;

  /** A request with exactly these headers; the body as it came off the wire. */
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    rawRequest(port, method, path, headers);
  return { assets, send, get: (path: string, headers?: Record<string, string>) => send("GET", path, headers) };
}

const CACHE_CONTROL = "public, max-age=31536000, immutable";

describe("createPrecompressed", () => {
  it("sends the brotli copy to a browser that accepts it, typed and cached as the file", async () => {
    const { assets, get } = await portal();
    const answer = await get("/assets/app.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-type": "text/javascript; charset=utf-8",
      "content-encoding": "br",
      vary: "Accept-Encoding",
      "cache-control": CACHE_CONTROL,
      "content-length": String(readFileSync(join(assets, "app.js.br")).length),
    });
    expect(answer.body.equals(readFileSync(join(assets, "app.js.br")))).toBe(true);
    expect(brotliDecompressSync(answer.body).equals(SCRIPT)).toBe(true);
  });

  it("sends the gzip copy when gzip alone is accepted, and the stylesheet's as text/css", async () => {
    const { assets, get } = await portal();
    for (const [path, type, original] of [
      ["app.js", "text/javascript; charset=utf-8", SCRIPT],
      ["styles.css", "text/css; charset=utf-8", STYLES],
    ] as const) {
      const answer = await get(`/assets/${path}`, { "Accept-Encoding": "gzip, deflate" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers, path).toMatchObject({
        "content-type": type,
        "content-encoding": "gzip",
        vary: "Accept-Encoding",
        "cache-control": CACHE_CONTROL,
        "content-length": String(readFileSync(join(assets, `${path}.gz`)).length),
      });
      expect(gunzipSync(answer.body).equals(original), path).toBe(true);
    }
    // A file with a gzip copy only: brotli is not there to send, gzip is.
    const styles = await get("/assets/styles.css", { "Accept-Encoding": "br, gzip" });
    expect(styles.headers["content-encoding"]).toBe("gzip");
  });

  it("sends the plain file without any Accept-Encoding, for identity, and when every copy is refused", async () => {
    const { get } = await portal();
    const asked: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "identity" },
      { "Accept-Encoding": "br;q=0, gzip;q=0" },
    ];
    for (const headers of asked) {
      const answer = await get("/assets/app.js", headers);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers).toMatchObject({
        "content-type": "text/javascript; charset=utf-8",
        vary: "Accept-Encoding",
        "cache-control": CACHE_CONTROL,
        "content-length": String(SCRIPT.length),
      });
      expect(answer.body.equals(SCRIPT)).toBe(true);
    }
  });

  it("sends a hashed file, copy or not, with no validator and no byte ranges: nothing asks for it again", async () => {
    const { get } = await portal();
    const asked: Record<string, string>[] = [{ "Accept-Encoding": "br" }, { "Accept-Encoding": "gzip" }, {}];
    for (const headers of asked) {
      const answer = await get("/assets/app.js", headers);
      expect(answer.status).toBe(200);
      expect(answer.headers.etag).toBeUndefined();
      expect(answer.headers["last-modified"]).toBeUndefined();
      expect(answer.headers["accept-ranges"]).toBeUndefined();
    }
  });

  it("answers HEAD with the copy's headers and no body", async () => {
    const { assets, send } = await portal();
    const answer = await send("HEAD", "/assets/app.js", { "Accept-Encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-length"]).toBe(String(readFileSync(join(assets, "app.js.br")).length));
    expect(answer.body.length).toBe(0);
  });

  it("leaves files without copies, other methods and unknown names to the plain files", async () => {
    const { get, send } = await portal();
    const small = await get("/assets/small.js", { "Accept-Encoding": "br" });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("export {};\n");

    expect((await send("POST", "/assets/app.js", { "Accept-Encoding": "br" })).status).toBe(404);
    expect((await get("/assets/missing.js", { "Accept-Encoding": "br" })).status).toBe(404);
    // A copy is never asked for by its own name through this handler's logic.
    const copy = await get("/assets/app.js.br", { "Accept-Encoding": "br" });
    expect(copy.headers["content-encoding"]).not.toBe("br");
  });

  it("never sends a file from outside its folder, however the path is written", async () => {
    const { get } = await portal();
    for (const path of [
      "/assets/../secret.js",
      "/assets/%2e%2e/secret.js",
      "/assets/..%2fsecret.js",
      "/assets/..%5csecret.js",
      "/assets//secret.js",
    ]) {
      const answer = await get(path, { "Accept-Encoding": "br" });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.headers["content-encoding"], path).toBeUndefined();
    }
  });

  it("falls back to the plain file when a copy went missing after start-up", async () => {
    const { assets, get } = await portal();
    rmSync(join(assets, "app.js.br"));
    const answer = await get("/assets/app.js", { "Accept-Encoding": "br" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    // Compressed on the fly by the compression middleware, as before precompression.
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).equals(SCRIPT)).toBe(true);
  });
});
