import type { ServerBuild } from "react-router";

// The client build writes each script that says something once per language (decision 072):
// the base language's words in `name.js`, another language's in `<language>-name.js` beside
// it. A page rendered in a language names that language's files, in its modulepreloads, its
// hydration script and the route manifest that client navigation asks for later.

type Assets = ServerBuild["assets"];

function renamed(value: unknown, rename: (url: string) => string): unknown {
  if (typeof value === "string") return rename(value);
  if (Array.isArray(value)) return value.map((item) => renamed(item, rename));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renamed(item, rename)]));
  return value;
}

/** The build's assets manifest as a page in `language` names them; the base language's is the build's own. */
export function assetsInLanguage(
  assets: Assets,
  language: string,
  { baseLanguage, localized }: { baseLanguage: string; localized: readonly string[] },
): Assets {
  if (language === baseLanguage || localized.length === 0) return assets;
  const names = new Set(localized);
  const rename = (url: string) => {
    const slash = url.lastIndexOf("/");
    const name = url.slice(slash + 1);
    return url.startsWith("/") && names.has(name) ? `${url.slice(0, slash + 1)}${language}-${name}` : url;
  };
  // Only the files: a route's id or path never starts with "/" and ends in a hashed file name.
  // The version goes into the address client navigation asks for route modules at (the route
  // discovery's, kept a year by the browser), so each language's answer is kept apart; and a
  // page whose visitor changed language in another tab is reloaded whole, in the new one.
  return {
    ...assets,
    version: `${assets.version}-${language}`,
    entry: renamed(assets.entry, rename) as Assets["entry"],
    routes: renamed(assets.routes, rename) as Assets["routes"],
  };
}
