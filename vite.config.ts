import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
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

/** Where the browser reads the forms' rules: Zod's small API, our own reading of it (decision 082). */
export const ZOD_IN_THE_BROWSER = fileURLToPath(new URL("./app/forms/zod-in-the-browser.ts", import.meta.url));

/**
 * The forms' schemas (app/forms) are Zod's small API on the server; in the browser the same
 * schemas are built by app/forms/zod-in-the-browser.ts, 1.3 KB where Zod's core is 6.6 KB
 * (gzipped, decision 082). Only `zod/mini` and `safeParse` from `zod/v4/core` are asked for there.
 */
const zodInTheBrowser: Plugin = {
  name: "payvend:zod-in-the-browser",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId: (id) => (id === "zod/mini" || id === "zod/v4/core" ? ZOD_IN_THE_BROWSER : null),
};

/**
 * A file loaded when it is shown (the confirmation step, decision 089) imports only groups the
 * page has loaded already, and there is one stylesheet: Vite's helper that would preload them
 * first (0.7 KB gzipped of every product page's script) is replaced by a plain call.
 */
const noPreloadHelper: Plugin = {
  name: "payvend:no-preload-helper",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  load: {
    filter: { id: /^\0vite\/preload-helper\.js$/ },
    handler: () => "export const __vitePreload = (load) => load();",
  },
};

/** Paraglide's plural(), as its compiler writes it (app/i18n/paraglide/registry.js). */
const PARAGLIDE_PLURAL =
  /export function plural\(locale, input, options\) \{\s*return new Intl\.PluralRules\(locale, options\)\.select\(Number\(input\)\)\s*\};?/;

/**
 * Paraglide's plural() builds an Intl.PluralRules for every message it picks a form of: 30 to
 * 130 µs of CPU each, where a kept one answers in under 1 µs. The dashboard's one plural line
 * alone was 1 % of the load mix's CPU, so the server keeps one per language and options
 * (decision 093); the browser picks a few forms a page and keeps its bytes. A compiler that
 * writes plural() otherwise stops the build rather than go on uncached.
 */
const keptPluralRules: Plugin = {
  name: "payvend:kept-plural-rules",
  applyToEnvironment: (environment) => environment.name === "ssr",
  transform: {
    filter: { id: /[\\/]i18n[\\/]paraglide[\\/]registry\.js$/ },
    handler(code) {
      if (!PARAGLIDE_PLURAL.test(code)) this.error("Paraglide's plural() is not as vite.config.ts expects it");
      return code.replace(
        PARAGLIDE_PLURAL,
        `const pluralRules = new Map();
export function plural(locale, input, options) {
  const key = \`\${locale} \${JSON.stringify(options ?? {})}\`;
  let rules = pluralRules.get(key);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale, options);
    pluralRules.set(key, rules);
  }
  return rules.select(Number(input));
}`,
      );
    },
  },
};

/**
 * Our own browser modules that the pages which hydrate share, in four files instead of twenty-odd
 * (decision 082): gzip starts afresh in every file, so a page's own code in one file is about a
 * fifth smaller than in many. By who needs them, so no page loads a group it does not use:
 * every page (root), the account and product forms, the dashboard pages, the product pages.
 * A module in no group is split as Rolldown chooses; one named here also brings the modules
 * only it imports (its messages, for one).
 */
const CHUNK_GROUPS: Record<string, readonly string[]> = {
  shell: [
    "root.tsx",
    "components/app-link.tsx",
    "components/error-boundary.tsx",
    "components/form-parts.tsx",
    "components/language-form.tsx",
    "components/lite-pages-form.tsx",
    "components/meta.ts",
    "components/lazy-toast-offers.tsx",
    "components/toast.tsx",
    "domain/phone.ts",
    "domain/site.ts",
    "i18n/language.ts",
  ],
  forms: [
    "components/forms.tsx",
    "components/use-validated-form.ts",
    "forms/fields.ts",
    "forms/submission.ts",
    "forms/zod-in-the-browser.ts",
  ],
  dashboard: [
    "components/dashboard-shell.tsx",
    "components/logout.tsx",
    "components/low-balance-notice.tsx",
    "domain/money.ts",
    "forms/amount.ts",
    "routes/dashboard/layout.tsx",
  ],
  purchase: ["components/purchase/", "forms/purchase.ts", "purchases/step.ts", "domain/service-id.ts"],
  // The fields' rules the account forms share with the PIN and profile forms, kept apart from
  // the account forms' own group, which would otherwise take them in.
  "account-fields": ["forms/account-fields.ts"],
  account: ["forms/account.ts"],
};

/**
 * Words that pages of one group share go with that group: alone, each was a file of a few
 * dozen bytes behind 0.3 KB of headers and a request of its own, five of them on the sign-up
 * page (decision 095). By key, as the base language's messages name them (the compiled
 * modules are written by the build). Not `account_password`, which the PIN reset asks for too.
 */
const SHARED_WORDS: Record<string, readonly string[]> = {
  dashboard: ["buy_forgot_pin_title"],
  purchase: ["buy_label_plan", "buy_choose_plan"],
  account: [
    "account_confirm_password",
    "account_email",
    "account_first_name",
    "account_last_name",
    "account_new_password",
    "account_register_login_link",
  ],
};
const BASE_MESSAGES = JSON.parse(
  readFileSync(fileURLToPath(new URL("./app/i18n/messages/en-NG.json", import.meta.url)), "utf8"),
) as Record<string, unknown>;
for (const key of Object.values(SHARED_WORDS).flat())
  if (!(key in BASE_MESSAGES))
    throw new Error(`vite.config.ts names the message ${key}, which app/i18n/messages/en-NG.json does not have`);

/** A compiled message module of one of these keys. */
function isMessageOf(id: string, keys: readonly string[]): boolean {
  return keys.some((key) => id.endsWith(`/i18n/paraglide/messages/${key}.js`));
}

const APP = fileURLToPath(new URL("./app/", import.meta.url));

/**
 * Files of a group's folder left out of it: the confirmation step (decision 089) and what only
 * it and the answers to Confirm show, which load apart, and the network taken from the number,
 * which airtime and data import themselves, in a file they share (decision 082, amended).
 */
const APART = new Set(
  [
    "components/purchase/confirmation.tsx",
    "components/purchase/shortfall-notice.tsx",
    "components/purchase/pay-by-card.tsx",
    "components/purchase/use-network-from-number.ts",
  ].map((file) => `${APP}${file}`),
);

// A file named here that moved or went would leave its group silently, and its pages heavier.
for (const path of [
  ...Object.values(CHUNK_GROUPS)
    .flat()
    .map((file) => `${APP}${file}`),
  ...APART,
])
  if (!existsSync(path)) throw new Error(`vite.config.ts names ${path}, which is not there`);

/** A group names a file, or a folder (ending in "/") and every file in it but those that load apart. */
function inGroup(id: string, file: string): boolean {
  return file.endsWith("/") ? id.startsWith(`${APP}${file}`) && !APART.has(id) : id === `${APP}${file}`;
}

/**
 * React and React Router, which every page that hydrates loads, go with the shell: one file
 * compresses better than several (0.9 KB less). So does React Router's entry, the module the
 * page imports first: on its own it was one more file, and Rolldown's CommonJS helpers, which
 * it and the shell both used, another (1.9 KB on a 2G line with their headers, decision 095).
 * The shell has words, so it is written once per language (decision 072): a person who
 * changes language loads React again, once.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|[\\/]config[\\/]defaults[\\/]entry\.client\.tsx$/;

const chunkGroups = Object.entries(CHUNK_GROUPS).map(([name, files], index) => ({
  name,
  test: (id: string) =>
    files.some((file) => inGroup(id, file)) ||
    (name === "shell" && FRAMEWORK.test(id)) ||
    isMessageOf(id, SHARED_WORDS[name] ?? []),
  // The earlier group keeps a module two of them import.
  priority: Object.keys(CHUNK_GROUPS).length - index,
}));

// The server build's entry is server/app.ts, so the Express handler and the app share
// one module graph: context keys created in app/ are the same objects getLoadContext sets.
// In development Vite resolves react-router to its development build while Node would give
// @react-router/express the production one: two RouterContextProvider classes, and every
// request refused. Letting Vite load the adapter too keeps one copy.
export default defineConfig(({ command }) => ({
  environments: {
    client: {
      build: {
        // Nor the list of what it would preload (noPreloadHelper, decision 089).
        modulePreload: false,
        rollupOptions: {
          output: {
            // In place of React Router's own split (React, the router), which these groups include.
            codeSplitting: { groups: chunkGroups },
          },
        },
      },
    },
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      ...(command === "serve" ? { resolve: { noExternal: ["@react-router/express", "@react-router/node"] } } : {}),
    },
  },
  // Pico's own Sass still uses syntax Dart Sass warns about; ours is checked as usual.
  css: { preprocessorOptions: { scss: { quietDeps: true } }, postcss: { plugins: [withoutRightToLeft] } },
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    keptPluralRules,
    zodInTheBrowser,
    noPreloadHelper,
    oneLanguage({ project: paraglideOptions.project, everyLanguage: ["language_name"] }),
    reactRouter(),
  ],
}));
