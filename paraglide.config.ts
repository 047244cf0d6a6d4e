import type { CompilerOptions } from "@inlang/paraglide-js";

/**
 * The messages of every language compiled into one small function per message (decision 055),
 * by the build's plugin (vite.config.ts) and by `npm run i18n` for tsc and lint, from these
 * options alone. The language of a request is ours to choose (app/i18n/, decision 088), so
 * Paraglide's own detection is left at its smallest: the base locale.
 */
export const paraglideOptions = {
  project: "./project.inlang",
  outdir: "./app/i18n/paraglide",
  strategy: ["baseLocale"],
  isServer: "import.meta.env.SSR",
  emitTsDeclarations: true,
  disableAsyncLocalStorage: true,
} satisfies CompilerOptions;
