const PLACEHOLDER_ORIGIN = "http://portal.invalid";

// Browsers treat a backslash like a slash, and strip tabs and newlines from URLs.
const HOSTILE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** Fine as a path: starts with one slash and has nothing a browser reads as a host. */
function looksLikePath(target: string): boolean {
  return target.startsWith("/") && !target.startsWith("//") && !HOSTILE_CHARACTERS.test(target);
}

/**
 * Where to go after login: only a path on this site. Anything that a browser could read
 * as another host (`//x`, `/\x`, `https://x`, control characters) falls back, and so does
 * a path that says so once percent-decoded (`/%5Cx`, `/%2F/x`): a proxy, a later redirect or
 * a copy into a link may decode it, and no page of ours has such a name.
 */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || !looksLikePath(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (!looksLikePath(decodedPath)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
