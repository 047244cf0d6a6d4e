import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// After `react-router build` (`npm run build`): writes `X.br` (brotli quality 11) and `X.gz`
// (gzip level 9) next to each text file in build/client/assets, once, so that server.ts sends
// them as they are instead of compressing every request again at the compression
// middleware's levels (decision 039). Run as `node scripts/precompress.ts [directory]`.

const DIRECTORY = process.argv[2] ?? fileURLToPath(new URL("../build/client/assets", import.meta.url));

/** Text the browser fetches; images and fonts Vite emits are compressed already. */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".map"]);

/** Below this a compressed copy saves a few bytes at most (the compression middleware's threshold too). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Written = { name: string; raw: number; br: number | null; gzip: number | null };

/** Writes one compressed copy, or removes a stale one when it would not be smaller. */
async function keepIfSmaller(path: string, raw: number, compressed: Buffer): Promise<number | null> {
  if (compressed.length >= raw) {
    await rm(path, { force: true });
    return null;
  }
  await writeFile(path, compressed);
  return compressed.length;
}

async function precompress(directory: string, name: string): Promise<Written | null> {
  const path = join(directory, name);
  const data = await readFile(path);
  if (data.length < MIN_BYTES) {
    await Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
    return null;
  }
  // Both at once: zlib runs them on libuv's thread pool, so a build on several cores waits less.
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    name,
    raw: data.length,
    br: await keepIfSmaller(`${path}.br`, data.length, br),
    gzip: await keepIfSmaller(`${path}.gz`, data.length, gz),
  };
}

const names = (await readdir(DIRECTORY, { withFileTypes: true }))
  .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
  .map((entry) => entry.name);
const written = (await Promise.all(names.map((name) => precompress(DIRECTORY, name)))).filter(
  (file): file is Written => file !== null,
);

const sum = (values: (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
const brCount = written.filter((file) => file.br !== null).length;
const gzipCount = written.filter((file) => file.gzip !== null).length;
process.stdout.write(
  `precompress: ${written.length} of ${names.length} files in ${DIRECTORY} (the rest under ${MIN_BYTES} bytes): ` +
    `${sum(written.map((file) => file.raw))} bytes, ${brCount} .br ${sum(written.map((file) => file.br))} bytes, ` +
    `${gzipCount} .gz ${sum(written.map((file) => file.gzip))} bytes\n`,
);
