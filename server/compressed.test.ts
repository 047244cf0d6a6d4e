import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressDocuments } from "./compressed.ts";
import { rawRequest } from "./raw-request.test-support.ts";

const servers: Server[] = [];

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
});

/** A page well over 1 KB, as every signed-in page is. */
const PAGE = `<!DOCTYPE html><html><body>${Array.from({ length: 150 }, (_, index) => `<p>Row ${index}</p>`).join("")}</body></html>`;
const CSV = `id,amount\n${Array.from({ length: 150 }, (_, index) => `${index},${index * 100}`).join("\n")}\n`;

/**
 * The portal's order: compression(), then this, then React Router's adapter, which writes a
 * page as it does (a chunk, a flush, the end).
 */
async function portal() {
  const app = express();
  app.use(compression());
  app.use(compressDocuments());
  app.get("/page", (_request, response) => {
    response.status(200).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    const bytes = Buffer.from(PAGE);
    response.write(bytes.subarray(0, 1000));
    response.write(bytes.subarray(1000));
    response.end();
  });
  app.get("/small", (_request, response) => {
    response.type("html").end("<p>Signed out.</p>");
  });
  app.get("/untouched", (_request, response) => {
    response.set({ "Content-Type": "text/html", "Cache-Control": "no-transform" }).end(PAGE);
  });
  app.get("/statement.csv", (_request, response) => {
    response.type("text/csv");
    response.write(CSV.slice(0, 500));
    response.end(CSV.slice(500));
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return (path: string, headers: Record<string, string> = {}, method = "GET") =>
    rawRequest(port, method, path, headers);
}

describe("compressDocuments", () => {
  it("sends a page gzipped whole, with its length, to a browser over plain HTTP", async () => {
    const get = await portal();
    const answer = await get("/page", { "Accept-Encoding": "gzip, deflate" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-length"]).toBe(String(answer.body.byteLength));
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(gunzipSync(answer.body).toString()).toBe(PAGE);
  });

  it("sends it in brotli to a browser that offers it, as compression() chose", async () => {
    const get = await portal();
    const answer = await get("/page", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE);
  });

  it("sends the page as it is to a browser that asks for no coding", async () => {
    const get = await portal();
    const answer = await get("/page");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(PAGE);
  });

  it("leaves a page under 1 KB, and one marked no-transform, as they are", async () => {
    const get = await portal();
    const small = await get("/small", { "Accept-Encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>Signed out.</p>");
    const untouched = await get("/untouched", { "Accept-Encoding": "gzip" });
    expect(untouched.headers["content-encoding"]).toBeUndefined();
    expect(untouched.body.toString()).toBe(PAGE);
  });

  it("leaves answers that are no page to compression(), which still compresses them", async () => {
    const get = await portal();
    const answer = await get("/statement.csv", { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    // compression() streams: no length known in advance.
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(gunzipSync(answer.body).toString()).toBe(CSV);
  });

  it("answers HEAD with the headers alone", async () => {
    const get = await portal();
    const answer = await get("/page", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.body.byteLength).toBe(0);
  });
});
