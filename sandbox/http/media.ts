import { readFile, realpath, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { notFound } from "./responses.ts";

const prefix = "/media/";

const contentTypes: Readonly<Record<string, string>> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
};

export function isMediaPath(target: string): boolean {
  return target.startsWith(prefix);
}

// Serves files under root only. The request target is checked raw, before any URL
// normalisation, so "..", "%2e%2e", "..%2f" and absolute paths all resolve to a place that
// the containment check can see; a symbolic link is followed before the check, not after.
export async function serveMedia(root: string, target: string): Promise<Response> {
  const query = target.indexOf("?");
  const encoded = (query === -1 ? target : target.slice(0, query)).slice(prefix.length);
  let relative: string;
  try {
    relative = decodeURIComponent(encoded);
  } catch {
    return notFound();
  }
  if (relative === "" || relative.includes("\0")) {
    return notFound();
  }

  let file: string;
  try {
    const realRoot = await realpath(root);
    file = await realpath(resolve(realRoot, relative));
    if (!file.startsWith(realRoot + sep) || !(await stat(file)).isFile()) {
      return notFound();
    }
  } catch {
    return notFound();
  }

  const contentType = contentTypes[extname(file).toLowerCase()] ?? "application/octet-stream";
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": "public, max-age=86400",
    "X-Content-Type-Options": "nosniff",
  });
  if (contentType === "image/svg+xml") {
    // An SVG opened on its own is a document; this keeps any script in one inert.
    headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  }
  return new Response(await readFile(file), { status: 200, headers });
}
