import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { paraglideOptions } from "./paraglide.config.ts";
import { oneLanguage } from "./vite-one-language.ts";

/**
 * Pico's rules for right-to-left pages, dropped from the one stylesheet: every language of the
 * portal (English, Pidgin, Hausa in Latin letters) reads left to right, and the stylesheet has
 * a 10 KB budget (decision 034).
 */
const withoutRightToLeft = {
  postcssPlugin: "without-right-to-left",
  Rule(rule: { selector: string; remove: () => void }) {
    if (rule.selector.includes('[dir="rtl"]') || rule.selector.includes("[dir=rtl]")) rule.remove();
  },
};

// The server build's entry is server/app.ts, so the Express handler and the app share
// one module graph: context keys created in app/ are the same objects getLoadContext sets.
// In development Vite resolves react-router to its development build while Node would give
// @react-router/express the production one: two RouterContextProvider classes, and every
// request refused. Letting Vite load the adapter too keeps one copy.
export default defineConfig(({ command }) => ({
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      ...(command === "serve" ? { resolve: { noExternal: ["@react-router/express", "@react-router/node"] } } : {}),
    },
  },
  // Pico's own Sass still uses syntax Dart Sass warns about; ours is checked as usual.
  css: { preprocessorOptions: { scss: { quietDeps: true } }, postcss: { plugins: [withoutRightToLeft] } },
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    oneLanguage({ project: paraglideOptions.project, everyLanguage: ["language_name"] }),
    reactRouter(),
  ],
}));
