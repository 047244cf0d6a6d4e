import sanitizeHtml from "sanitize-html";
import type { IOptions } from "sanitize-html";

// About, privacy, terms, FAQ and the funding instructions arrive as HTML typed by an
// administrator upstream (DESIGN.md §8). Only text formatting survives: nothing that runs
// code, loads a resource, submits data or restyles the page around it.

const LINK_REL = "noopener noreferrer nofollow";

// Tags whose content is code or a foreign document, not prose: dropped with their text so
// a stripped <script> does not leave its source code on the page.
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "noscript",
  "template",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "plaintext",
  "object",
  "embed",
  "svg",
  "math",
];

const OPTIONS: IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "rel"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  // "//host/path" would leave the site without naming a scheme the list could check.
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // The page already has its own h1; a second one would break the heading outline.
    h1: "h2",
    // Every link leaves the portal without the opener or the session's referrer, and
    // without search-engine endorsement of an address we did not write; target is
    // dropped by the allow-list so links never open a window the user did not ask for.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
  },
};

/** Total: anything that is not a non-empty string gives "". */
export function sanitizeUpstreamHtml(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  return sanitizeHtml(html, OPTIONS);
}

function character(codePoint: number): string {
  return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : "\ufffd";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Upstream HTML as plain text, for places SPEC.md says show text (the settings
 * notification): tags dropped, entities decoded once, whitespace folded. React escapes
 * the result again when it renders it.
 */
export function htmlToPlainText(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  const withoutTags = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ["script", "style", "textarea", "option", "noscript", "template"] });
  return withoutTags
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (/^#x/i.test(name)) return character(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return character(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}
