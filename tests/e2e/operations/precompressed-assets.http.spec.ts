import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { get, type Snapshot } from "../../bench/http.ts";
import { createAccount } from "../support/accounts.ts";
import { logInByRequest } from "../support/http.ts";

// Decision 039: the built JS and CSS are compressed once at build time (brotli 11, gzip 9),
// and the portal sends those copies as they are: brotli to a browser that accepts it (Chrome
// over HTTPS), gzip to one that accepts only gzip, the file itself to one that asks for
// neither. Checked on the files a hydrating page really loads, as bytes off the wire.

const CLIENT = new URL("../../../build/client/", import.meta.url);

/** Smaller files are left as they are: compressing them gains nothing (scripts/precompress.ts). */
const MIN_BYTES = 1024;

/** The stylesheet and the scripts the page links, as the browser fetches them first. */
async function pageFiles(request: APIRequestContext, path: string): Promise<string[]> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  const html = await response.text();
  const files = [...html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*>/g)].map(
    ([tag]) => /\bhref="(\/assets\/[^"]+)"/.exec(tag)?.[1] ?? `no /assets/ href in ${tag}`,
  );
  expect(files.length, `files linked by ${path}`).toBeGreaterThan(5);
  return files;
}

type Sent = { raw: number; br: number; gzip: number; precompressed: number };

/** Each file asked for three ways; what came back, checked against the build's own files. */
async function checkFiles(origin: string, files: readonly string[]): Promise<Sent> {
  const sent: Sent = { raw: 0, br: 0, gzip: 0, precompressed: 0 };
  for (const file of files) {
    const onDisk = readFileSync(new URL(`.${file}`, CLIENT));
    const ask = (encoding: string): Promise<Snapshot> => get(`${origin}${file}`, { "Accept-Encoding": encoding });
    const [plain, br, gzip] = [await ask("identity"), await ask("br"), await ask("gzip")];

    for (const [name, answer] of [
      ["identity", plain],
      ["br", br],
      ["gzip", gzip],
    ] as const) {
      expect(answer.status, `${file} for ${name}`).toBe(200);
      expect(answer.headers["content-type"], `${file} for ${name}`).toMatch(/^text\/(javascript|css); charset=utf-8$/);
      expect(answer.headers["cache-control"], `${file} for ${name}`).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["content-length"], `${file} for ${name}`).toBe(String(answer.body.length));
    }
    expect(plain.contentEncoding, `${file} for identity`).toBeUndefined();
    expect(plain.body.equals(onDisk), `${file} for identity: the built file`).toBe(true);
    sent.raw += onDisk.length;
    sent.br += br.body.length;
    sent.gzip += gzip.body.length;

    if (onDisk.length < MIN_BYTES) {
      expect(br.contentEncoding, `${file} (${onDisk.length} bytes) for br`).toBeUndefined();
      expect(gzip.contentEncoding, `${file} (${onDisk.length} bytes) for gzip`).toBeUndefined();
      continue;
    }
    sent.precompressed += 1;
    expect(br.contentEncoding, `${file} for br`).toBe("br");
    expect(gzip.contentEncoding, `${file} for gzip`).toBe("gzip");
    for (const answer of [br, gzip]) expect(answer.headers.vary, file).toMatch(/\bAccept-Encoding\b/i);
    // The build's copies as they are, not compressed again by the compression middleware.
    expect(br.body.equals(readFileSync(new URL(`.${file}.br`, CLIENT))), `${file}.br as built`).toBe(true);
    expect(gzip.body.equals(readFileSync(new URL(`.${file}.gz`, CLIENT))), `${file}.gz as built`).toBe(true);
    expect(brotliDecompressSync(br.body).equals(onDisk), `${file} for br decoded`).toBe(true);
    expect(gunzipSync(gzip.body).equals(onDisk), `${file} for gzip decoded`).toBe(true);
    expect(br.body.length, `${file}: br against gzip, in bytes`).toBeLessThan(gzip.body.length);
  }
  return sent;
}

/** node:http takes "localhost" as ::1 first; the suite's portal listens on 127.0.0.1. */
const originOf = (baseURL: string | undefined) => new URL(String(baseURL)).origin.replace("localhost", "127.0.0.1");

for (const [label, path, signedIn] of [
  // The login page ships no script (decision 070): the sign-up page does.
  ["the sign-up form", "/register", false],
  // The dashboard ships no script (decision 070): a purchase page does.
  ["the airtime page, signed in", "/dashboard/purchase-airtime", true],
] as const) {
  test(`${label}: its JS and CSS come as built, br for br, gzip for gzip alone, the file otherwise`, async ({
    request,
    baseURL,
  }) => {
    if (signedIn)
      await logInByRequest(request, String(baseURL), await createAccount("precompressed", { verified: true }));
    const files = await pageFiles(request, path);

    const sent = await checkFiles(originOf(baseURL), files);
    expect(sent.precompressed, `files of ${path} over ${MIN_BYTES} bytes`).toBeGreaterThan(3);
    expect(sent.br, `${path}: all its files as sent for br against gzip`).toBeLessThan(sent.gzip);
    test.info().annotations.push({
      type: "bytes",
      description: `${path}: ${files.length} files, ${sent.raw} raw, ${sent.gzip} sent for gzip, ${sent.br} for br`,
    });
  });
}
