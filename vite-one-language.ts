import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Plugin } from "vite";

/**
 * One language's words in each browser script (decision 072). Paraglide compiles each message
 * into a function holding its text in every language (decision 055); the server keeps those.
 * In the client build each message becomes a function of one marked text, and once the chunks
 * are written every chunk that says something is written once per language: the base
 * language's words in the chunk itself, another's in `<language>-<chunk>` beside it, with the
 * same imports but those of other such chunks renamed the same way. The server then names a
 * language's files in the pages it renders in that language (app/i18n/assets-in-language.ts),
 * so a page loads only the words it is shown in, and they are the words the server said.
 */

const MESSAGE_MODULE = /\/i18n\/paraglide\/messages\/(?!_index)([a-z][a-z0-9_]*)\.js$/;
const MARKER = /@@w:([a-z][a-z0-9_]*)(?:~([a-z]+))?@@/g;
const SAYS_SOMETHING = /@@w:[a-z]/;
const FILL = "\0one-language-fill";
const RUNTIME = "\0one-language-runtime";
const RUNTIME_MODULE = /(^|\/)paraglide\/runtime\.js$/;
export const LOCALIZED_CHUNKS = "virtual:one-language-chunks";
const RESOLVED_LOCALIZED_CHUNKS = `\0${LOCALIZED_CHUNKS}`;

type Settings = { baseLocale: string; locales: string[]; plugin: { pathPattern: string } };
type Words = Record<string, Record<string, unknown>>;

/**
 * A message with plural variants as the message format writes it: one selector, declared
 * `local countPlural = count: plural`, and a text per plural category (`countPlural=one`) with
 * `countPlural=*` for the rest (decision 088).
 */
type Plural = { input: string; texts: Record<string, string> };

function pluralOf(value: unknown): Plural | null {
  if (!Array.isArray(value) || value.length !== 1) return null;
  const [message] = value as [{ declarations?: string[]; selectors?: string[]; match?: Record<string, string> }];
  const [selector] = message.selectors ?? [];
  const declared = (message.declarations ?? [])
    .map((line) => /^local (\w+) = (\w+): plural$/.exec(line))
    .find((found) => found?.[1] === selector);
  if (selector === undefined || message.selectors?.length !== 1 || !declared?.[2] || !message.match) return null;
  const texts = Object.fromEntries(
    Object.entries(message.match).map(([key, text]) => [key.slice(selector.length + 1).replace("*", "other"), text]),
  );
  return { input: declared[2], texts };
}

function readProject(project: string): { base: string; others: string[]; words: Words } {
  const json = JSON.parse(readFileSync(join(project, "settings.json"), "utf8")) as Settings & {
    "plugin.inlang.messageFormat": Settings["plugin"];
  };
  const pattern = json["plugin.inlang.messageFormat"].pathPattern;
  const words: Words = {};
  for (const locale of json.locales) {
    words[locale] = JSON.parse(
      readFileSync(join(project, "..", pattern.replace("{locale}", locale)), "utf8"),
    ) as Record<string, unknown>;
  }
  return { base: json.baseLocale, others: json.locales.filter((l) => l !== json.baseLocale), words };
}

/** A text made safe inside any JavaScript string literal or template the minifier chose. */
function escaped(text: string): string {
  return text.replace(/[\\"'`$\n\r\u2028\u2029]/g, (character) => {
    const code = character.charCodeAt(0);
    return code < 0x7f && character !== "\n" && character !== "\r"
      ? `\\${character}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/**
 * `project`: the inlang project. `everyLanguage`: messages a page says in every language,
 * called with an explicit `{ locale }` (the language switch names each language in itself):
 * these keep Paraglide's own function.
 */
export function oneLanguage({ project, everyLanguage }: { project: string; everyLanguage: readonly string[] }): Plugin {
  const { base, others, words } = readProject(project);
  const message = (locale: string, key: string) => {
    const found = words[locale]?.[key] ?? words[base]?.[key];
    if (found === undefined) throw new Error(`one-language: no message "${key}" in ${locale}`);
    return found;
  };
  /** A message's text in a language; a plural's for one category, "other" where the language has none of its own. */
  const text = (locale: string, key: string, category?: string) => {
    const found = message(locale, key);
    if (typeof found === "string" && category === undefined) return found;
    const plural = pluralOf(found);
    const chosen = plural && (plural.texts[category ?? "other"] ?? plural.texts["other"]);
    if (typeof chosen !== "string") throw new Error(`one-language: "${key}" in ${locale} is not shaped as expected`);
    return chosen;
  };
  const withWords = (code: string, locale: string) =>
    code.replace(MARKER, (_marker, key: string, category?: string) => escaped(text(locale, key, category)));
  /** The client chunks written once per language, for the server build. */
  let localized: string[] = [];
  /** Only a build splits the words: the development server keeps Paraglide's output as it is. */
  let building = false;

  return {
    name: "payvend:one-language",
    enforce: "pre",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(id, importer) {
      if (id === FILL) return FILL;
      if (id === RUNTIME) return RUNTIME;
      // The browser's Paraglide runtime: the language is the page's, set once (app/i18n/language.ts),
      // so of Paraglide's 1.1 KB (gzipped) runtime only these few lines are left.
      if (
        building &&
        this.environment.name === "client" &&
        (RUNTIME_MODULE.test(id) || (id === "../runtime.js" && importer !== undefined && MESSAGE_MODULE.test(importer)))
      )
        return RUNTIME;
      if (id === LOCALIZED_CHUNKS) return RESOLVED_LOCALIZED_CHUNKS;
      return null;
    },
    load(id) {
      // Paraglide's placeholders are `{name}`, filled as its own functions fill them.
      if (id === FILL)
        return [
          "export const fill = (text, inputs) => text.replace(/\\{(\\w+)\\}/g, (_, name) => `${inputs?.[name]}`);",
          // A number's plural category in the page's language, as Paraglide's own functions choose it.
          "export const category = (locale, count) => new Intl.PluralRules(locale).select(Number(count));",
        ].join("\n");
      if (id === RUNTIME)
        return [
          `export const baseLocale = ${JSON.stringify(base)};`,
          `export const locales = ${JSON.stringify([base, ...others])};`,
          "export const experimentalStaticLocale = undefined;",
          "export const isLocale = (locale) => locales.includes(locale);",
          "export let getLocale = () => baseLocale;",
          "export const overwriteGetLocale = (fn) => { getLocale = fn; };",
        ].join("\n");
      if (id === RESOLVED_LOCALIZED_CHUNKS) return `export default ${JSON.stringify(localized)};`;
      return null;
    },
    transform(code, id) {
      if (!building || this.environment.name !== "client") return null;
      const key = MESSAGE_MODULE.exec(id)?.[1];
      if (key === undefined || everyLanguage.includes(key)) return null;
      if (!code.includes(`export const ${key} =`)) throw new Error(`one-language: ${id} is not shaped as expected`);
      const marked = JSON.stringify(`@@w:${key}@@`);
      const plural = pluralOf(message(base, key));
      if (plural !== null) {
        // Each language's categories, "other" last: a language without one says its "other".
        const categories = [
          ...new Set([base, ...others].flatMap((locale) => Object.keys(pluralOf(message(locale, key))?.texts ?? {}))),
        ].filter((name) => name !== "other");
        const choose = [
          ...categories.map((name) => `c === ${JSON.stringify(name)} ? ${JSON.stringify(`@@w:${key}~${name}@@`)} : `),
          JSON.stringify(`@@w:${key}~other@@`),
        ].join("");
        return [
          `import { fill, category } from ${JSON.stringify(FILL)};`,
          `import { getLocale } from ${JSON.stringify(RUNTIME)};`,
          `export const ${key} = (inputs) => { const c = category(getLocale(), inputs?.${plural.input}); return fill(${choose}, inputs); };`,
        ].join("\n");
      }
      return /\{\w+\}/.test(text(base, key))
        ? `import { fill } from ${JSON.stringify(FILL)};\nexport const ${key} = (inputs) => fill(${marked}, inputs);\n`
        : `export const ${key} = () => ${marked};\n`;
    },
    augmentChunkHash(chunk) {
      // A chunk's name must change when any language's words in it do.
      const keys = chunk.moduleIds.flatMap((id) => MESSAGE_MODULE.exec(id)?.[1] ?? []);
      if (keys.length === 0) return;
      const hash = createHash("sha256");
      for (const key of keys)
        for (const locale of [base, ...others]) hash.update(`${key}\0${JSON.stringify(message(locale, key))}\0`);
      return hash.digest("hex");
    },
    // After Vite has written what it fills in last, such as the dependency list of a file loaded
    // when it is shown (decision 089), so each language's copy has it too.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name !== "client") return;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const saying = new Set(
          chunks.filter((chunk) => SAYS_SOMETHING.test(chunk.code)).map((chunk) => chunk.fileName),
        );
        // A chunk that imports a chunk of words needs a copy per language too, to import that
        // language's: up the import graph until nothing changes.
        let grew = true;
        while (grew) {
          grew = false;
          for (const chunk of chunks) {
            if (saying.has(chunk.fileName)) continue;
            if ([...chunk.imports, ...chunk.dynamicImports].some((file) => saying.has(file))) {
              saying.add(chunk.fileName);
              grew = true;
            }
          }
        }
        const names = [...saying].map((file) => basename(file));
        const renamed = new RegExp(
          `(?<=[/"'\`])(${names.map((n) => n.replace(/[.$-]/g, "\\$&")).join("|")})(?=["'\`])`,
          "g",
        );
        for (const chunk of chunks) {
          if (!saying.has(chunk.fileName)) continue;
          const marked = chunk.code;
          for (const locale of others) {
            const directory = chunk.fileName.slice(0, -basename(chunk.fileName).length);
            this.emitFile({
              type: "asset",
              fileName: `${directory}${locale}-${basename(chunk.fileName)}`,
              source: withWords(marked, locale).replace(renamed, (name) => `${locale}-${name}`),
            });
          }
          chunk.code = withWords(marked, base);
        }
        localized = names;
      },
    },
  };
}
