import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messageTexts } from "./message-texts.ts";

// The translation checks of decision 055, in the test command: every language has exactly
// the base language's messages, with the same placeholders and the same plural variants, and
// every messages file is a language of project.inlang/settings.json (and the other way round).

const PROJECT = new URL("../../", import.meta.url);
const SETTINGS = new URL("project.inlang/settings.json", PROJECT);
const MESSAGES = new URL("./messages/", import.meta.url);

type Settings = {
  baseLocale: string;
  locales: string[];
  "plugin.inlang.messageFormat": { pathPattern: string | string[] };
};
const settings = JSON.parse(readFileSync(SETTINGS, "utf8")) as Settings;
const pathPatterns = [settings["plugin.inlang.messageFormat"].pathPattern].flat();

/** A language's messages, from each of its files (one, or one per part of the portal), as they are written. */
function messagesOf(locale: string): Record<string, unknown> {
  return Object.assign(
    {},
    ...pathPatterns.map((pattern) => {
      const { $schema: _schema, ...messages } = JSON.parse(
        readFileSync(new URL(pattern.replace("{locale}", locale), PROJECT), "utf8"),
      ) as Record<string, unknown>;
      return messages;
    }),
  ) as Record<string, unknown>;
}

/** The keys of messages that are neither a text nor variants of texts, or that have an empty text. */
function withoutText(messages: Record<string, unknown>): string[] {
  return Object.entries(messages)
    .filter(([, value]) => {
      const texts = messageTexts(value);
      return texts === null || Object.values(texts).some((text) => text.trim() === "");
    })
    .map(([key]) => key);
}

/** Each variant and its placeholders: `{ "countPlural=one": ["count"] }`; "{year} and {productName}" → ["productName", "year"]. */
function shape(value: unknown): string {
  const texts = Object.entries(messageTexts(value) ?? {});
  return texts
    .map(
      ([variant, text]) =>
        `${variant}:${[...text.matchAll(/\{([^{}]+)\}/g)]
          .map((match) => match[1] ?? "")
          .sort()
          .join()}`,
    )
    .sort()
    .join(" ");
}

const base = messagesOf(settings.baseLocale);
const others = settings.locales.filter((locale) => locale !== settings.baseLocale);

describe("the messages files", () => {
  it("are one per configured language, and every configured language has one", () => {
    const files = readdirSync(MESSAGES).filter((name) => name.endsWith(".json"));
    const expected = settings.locales.flatMap((locale) =>
      pathPatterns.map((pattern) => pattern.replace("{locale}", locale).split("/").at(-1)),
    );
    expect(files.sort()).toEqual(expected.sort());
  });

  it("give every message of the base language some text", () => {
    expect(withoutText(base)).toEqual([]);
  });

  describe.each(others)("%s", (locale) => {
    const messages = messagesOf(locale);

    it("has every message of the base language and no other", () => {
      const missing = Object.keys(base).filter((key) => !(key in messages));
      const extra = Object.keys(messages).filter((key) => !(key in base));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it("gives every message some text", () => {
      expect(withoutText(messages)).toEqual([]);
    });

    it("uses the same variants and placeholders as the base language in every message", () => {
      const differing = Object.keys(base)
        .filter((key) => key in messages)
        .filter((key) => shape(base[key]) !== shape(messages[key]));
      expect(differing).toEqual([]);
    });
  });
});
