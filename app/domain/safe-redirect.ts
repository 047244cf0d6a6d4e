const PLACEHOLDER_ORIGIN = "http://portal.invalid";

/**
 * Where to go after login: only a path on this site. Anything that a browser could read
 * as another host (`//x`, `/\x`, `https://x`, control characters) falls back.
 */
export function safeRedirectPath(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || target === "") return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  // Browsers treat a backslash like a slash, and strip tabs and newlines from URLs.
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
