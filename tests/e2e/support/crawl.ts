import { existsSync, readFileSync } from "node:fs";
import { Parser } from "htmlparser2";
import { messageTexts } from "../../../app/i18n/message-texts.ts";
import { escapeRegExp } from "./text.ts";

// The pieces of the language crawl (crawl.http.spec.ts, decision 062), which the shop and
// history specs use too: the messages of each language, a browser without a browser (plain
// fetch, its own cookie jar, a `lang` cookie), and the text a person reads or hears on a page,
// segment by segment, as a screen reader or a reader of the page would meet it.

/** The portal's languages, English first (project.inlang/settings.json). */
export const LANGUAGES = ["en-NG", "pcm", "ha"] as const;
export type Language = (typeof LANGUAGES)[number];

type Settings = { "plugin.inlang.messageFormat": { pathPattern: string | string[] } };

const read = new Map<Language, Record<string, string>>();

/** Every message of a language, from every messages file the settings name, key to text; a plural's variants as `key#countPlural=one`. */
export function messagesOf(language: Language): Record<string, string> {
  const known = read.get(language);
  if (known !== undefined) return known;
  const settings = JSON.parse(readFileSync("project.inlang/settings.json", "utf8")) as Settings;
  const patterns = [settings["plugin.inlang.messageFormat"].pathPattern].flat();
  const messages: Record<string, string> = {};
  for (const pattern of patterns) {
    const file = pattern.replace("{locale}", language);
    if (!existsSync(file)) continue;
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed))
      for (const [variant, text] of Object.entries(messageTexts(value) ?? {}))
        messages[variant === "" ? key : `${key}#${variant}`] = text;
  }
  read.set(language, messages);
  return messages;
}

/** The message `key` in `language`, its `{placeholders}` filled; a missing key is an error. */
export function messageIn(language: Language, key: string, inputs: Record<string, string> = {}): string {
  const text = messagesOf(language)[key];
  if (text === undefined) throw new Error(`no message ${key} in ${language}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => inputs[name] ?? whole);
}

/**
 * `english` in `language`, as a whole-text pattern: what every message whose English is exactly
 * that text says in the language (several messages may share an English word and differ in
 * translation); the English itself while no message has it (a screen not translated yet).
 */
export function translationOf(language: Language, english: string): RegExp {
  const source = messagesOf("en-NG");
  const target = messagesOf(language);
  const keys = Object.keys(source).filter((key) => source[key] === english);
  const words = keys.length === 0 ? [english] : keys.map((key) => target[key] ?? english);
  const escaped = [...new Set(words)].map(escapeRegExp);
  return new RegExp(`^\\s*(?:${escaped.join("|")})\\s*$`);
}

/**
 * A language's messages as whole-segment patterns, each `{placeholder}` standing for any text:
 * a segment one of them matches is that language's own wording, whatever it looks like.
 * A message of placeholders alone would match anything and is left out.
 */
export function messagePatterns(language: Language): RegExp[] {
  return Object.values(messagesOf(language))
    .map((text) => text.replace(/\s+/g, " ").trim())
    .filter((text) => /[A-Za-z]{2,}/.test(text.replace(/\{[^}]*\}/g, "")))
    .map((text) => {
      const literal = text.split(/\{[^}]*\}/).map(escapeRegExp);
      return new RegExp(`^${literal.join(".+?")}$`, "s");
    });
}

/** One answer of the portal, redirects already followed. */
export type Answer = { status: number; path: string; html: string; contentType: string };

/**
 * A visitor of the portal in one language: the `lang` cookie the language form sets, the CSRF
 * and session cookies the portal sets, and whatever cookie the test adds (a minted session).
 */
export class Visitor {
  readonly #cookies = new Map<string, string>();
  readonly origin: string;
  readonly language: string;

  constructor(origin: string, language: string, cookiePairs: readonly string[] = []) {
    this.origin = origin;
    this.language = language;
    this.#cookies.set("lang", language);
    for (const pair of cookiePairs) this.#keep(pair);
  }

  #keep(pair: string): void {
    const equals = pair.indexOf("=");
    if (equals > 0) this.#cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
  }

  #cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async #send(path: string, init: { method: string; body?: URLSearchParams }): Promise<Response> {
    const response = await fetch(new URL(path, this.origin), {
      method: init.method,
      body: init.body,
      redirect: "manual",
      headers: {
        Cookie: this.#cookieHeader(),
        ...(init.method === "POST" ? { Origin: this.origin, "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ""] = setCookie.split(";");
      // The portal never changes `lang` here but through its form; a visitor keeps its own.
      if (!pair.startsWith("lang=")) this.#keep(pair);
    }
    return response;
  }

  async #follow(response: Response, path: string): Promise<Answer> {
    let current = response;
    let currentPath = path;
    for (let hops = 0; current.status >= 300 && current.status < 400 && hops < 5; hops += 1) {
      const location = current.headers.get("location");
      if (location === null) break;
      await current.body?.cancel();
      const next = new URL(location, new URL(currentPath, this.origin));
      currentPath = `${next.pathname}${next.search}`;
      current = await this.#send(currentPath, { method: "GET" });
    }
    return {
      status: current.status,
      path: currentPath,
      html: await current.text(),
      contentType: current.headers.get("content-type") ?? "",
    };
  }

  /** The same visitor (language, cookies) at another portal: the one whose upstream is down. */
  at(origin: string): Visitor {
    return new Visitor(
      origin,
      this.language,
      [...this.#cookies].map(([name, value]) => `${name}=${value}`),
    );
  }

  /** GET, following redirects. */
  async get(path: string): Promise<Answer> {
    return this.#follow(await this.#send(path, { method: "GET" }), path);
  }

  /** A form post as a browser on the portal sends it, following the redirect that answers it. */
  async post(path: string, fields: Record<string, string>): Promise<Answer> {
    return this.#follow(await this.#send(path, { method: "POST", body: new URLSearchParams(fields) }), path);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The characters an HTML text or attribute stands for (htmlparser2 is asked not to decode). */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Text a person reads or hears: one text node or one attribute, whitespace collapsed. */
export type Segment = {
  text: string;
  /** Where it is, for the report: `h1`, `button@aria-label`, `title`. */
  where: string;
  /** Inside (or on) an element whose `lang` is not the page's: a language's own name in the switch. */
  foreign: boolean;
};

export type Reading = { lang: string | null; segments: Segment[]; forms: FormOnPage[] };

/** A form of the page: its fields' values as the page was sent (hidden ones included) and its buttons. */
export type FormOnPage = {
  action: string | null;
  method: string;
  fields: Record<string, string>;
  buttons: { name: string; value: string }[];
};

const SKIPPED = new Set(["script", "style", "template"]);
const SPOKEN_ATTRIBUTES = ["aria-label", "title", "alt", "placeholder", "aria-placeholder", "aria-roledescription"];
const BUTTON_INPUTS = new Set(["submit", "button", "reset"]);

/**
 * Reads a document as a person meets it: text nodes outside script and style, the spoken
 * attributes, buttons' values, `<title>` and the meta description; and the `lang` of `<html>`.
 */
export function readPage(html: string): Reading {
  const segments: Segment[] = [];
  const forms: FormOnPage[] = [];
  type Open = { tag: string; lang: string | null; skipped: boolean };
  const stack: Open[] = [];
  let pageLang: string | null = null;
  let form: FormOnPage | null = null;
  let select: { name: string; first: string | null; chosen: string | null } | null = null;
  let textarea: { name: string; text: string } | null = null;

  const currentLang = () => stack.at(-1)?.lang ?? pageLang;
  const skipped = () => stack.at(-1)?.skipped ?? false;
  const add = (raw: string, where: string, lang: string | null) => {
    const text = decode(raw).replace(/\s+/g, " ").trim();
    if (text !== "") segments.push({ text, where, foreign: lang !== null && lang !== pageLang });
  };

  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const lang = attributes["lang"] ?? currentLang();
        if (tag === "html") pageLang = attributes["lang"] ?? null;
        const hidden = skipped() || SKIPPED.has(tag);
        stack.push({ tag, lang: tag === "html" ? pageLang : lang, skipped: hidden });
        if (hidden) return;
        for (const name of SPOKEN_ATTRIBUTES) {
          const value = attributes[name];
          if (value !== undefined) add(value, `${tag}@${name}`, lang);
        }
        const type = (attributes["type"] ?? "").toLowerCase();
        if ((tag === "button" || (tag === "input" && BUTTON_INPUTS.has(type))) && attributes["value"] !== undefined) {
          // A submit input's value is its label; a button's value is read by nobody but kept for its form.
          if (tag === "input") add(attributes["value"], `input[${type}]@value`, lang);
        }
        if (tag === "meta" && attributes["name"] === "description" && attributes["content"] !== undefined) {
          add(attributes["content"], "meta description", lang);
        }
        if (tag === "form") {
          form = {
            action: attributes["action"] ?? null,
            method: attributes["method"] ?? "get",
            fields: {},
            buttons: [],
          };
          forms.push(form);
        }
        if (tag === "option" && select !== null) {
          const value = decode(attributes["value"] ?? "");
          select.first ??= value;
          if (attributes["selected"] !== undefined) select.chosen = value;
        }
        const owner: FormOnPage | null = form;
        if (owner === null) return;
        const name = attributes["name"];
        if (name === undefined) return;
        if (tag === "button" || (tag === "input" && BUTTON_INPUTS.has(type))) {
          owner.buttons.push({ name, value: decode(attributes["value"] ?? "") });
        } else if (tag === "input") {
          if ((type === "checkbox" || type === "radio") && attributes["checked"] === undefined) return;
          owner.fields[name] = decode(attributes["value"] ?? (type === "checkbox" ? "on" : ""));
        } else if (tag === "select") {
          select = { name, first: null, chosen: null };
        } else if (tag === "textarea") {
          textarea = { name, text: "" };
        }
      },
      ontext(text) {
        if (textarea !== null) textarea.text += text;
        if (skipped()) return;
        const open = stack.at(-1);
        add(text, open?.tag ?? "#text", currentLang());
      },
      onclosetag(tag) {
        const open = stack.pop();
        if (open?.tag !== tag) stack.length = 0;
        if (tag === "form") form = null;
        const owner: FormOnPage | null = form;
        if (tag === "select" && select !== null) {
          if (owner !== null) owner.fields[select.name] = select.chosen ?? select.first ?? "";
          select = null;
        }
        if (tag === "textarea" && textarea !== null) {
          if (owner !== null) owner.fields[textarea.name] = decode(textarea.text);
          textarea = null;
        }
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { lang: pageLang, segments, forms };
}

/** The options of the `<select name>` of a page: their values and texts. */
export function optionsOf(html: string, name: string): { value: string; text: string }[] {
  const select = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([^]*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option\b([^>]*)>([^<]*)</g)].map((match) => ({
    value: decode(/\bvalue="([^"]*)"/.exec(match[1] ?? "")?.[1] ?? ""),
    text: decode(match[2] ?? "").trim(),
  }));
}

/**
 * Presses the button whose value is `intent` (or, for a form with one purpose, the form whose
 * action is `intent`), with the page's own fields (hidden ones, the CSRF token) and `fill`.
 */
export async function pressIntent(
  visitor: Visitor,
  answer: Answer,
  intent: string,
  fill: Record<string, string>,
): Promise<Answer> {
  const forms = readPage(answer.html).forms;
  const form =
    forms.find((candidate) => candidate.buttons.some((button) => button.value === intent)) ??
    forms.find((candidate) => candidate.fields["intent"] === intent) ??
    forms.find((candidate) => candidate.action === intent);
  if (form === undefined) {
    const actions = forms.map((candidate) => `${candidate.action ?? "(here)"} ${JSON.stringify(candidate.buttons)}`);
    throw new Error(`no form to press "${intent}" on ${answer.path} (${answer.status}); forms: ${actions.join("; ")}`);
  }
  const button = form.buttons.find((candidate) => candidate.value === intent);
  const fields = { ...form.fields, ...fill, ...(button === undefined ? {} : { [button.name]: button.value }) };
  return visitor.post(form.action ?? answer.path, fields);
}
