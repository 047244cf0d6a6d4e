import sanitizeHtml from "sanitize-html";
import type { IOptions } from "sanitize-html";

// About, privacy, terms, FAQ and the funding instructions arrive as HTML typed by an
// administrator upstream (decision 006). Only text formatting survives: nothing that runs
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

// Broken markup converges in two passes in practice; the limit only bounds the loop.
const MAX_PASSES = 4;

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Total: anything that is not a non-empty string gives "".
 *
 * sanitize-html writes out its own tree, and for broken markup that tree can nest what no
 * browser would (an <a> inside an <a>, a <p> inside a <p>): the browser, or a second pass,
 * then reads a different document than the one that was checked, which is how mutation XSS
 * starts. So the sanitizer runs until its output no longer changes, and that fixed point
 * is what every later reader parses the same way. Markup that never settles is shown as text.
 */
export function sanitizeUpstreamHtml(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  let current = sanitizeHtml(html, OPTIONS);
  for (let pass = 1; pass < MAX_PASSES; pass += 1) {
    const next = sanitizeHtml(current, OPTIONS);
    if (next === current) return current;
    current = next;
  }
  return escapeText(htmlToPlainText(html));
}

function character(codePoint: number): string {
  return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : "\ufffd";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Upstream HTML as plain text, for places that show text (the settings
 * notification): tags dropped, entities decoded once, whitespace folded. React escapes
 * the result again when it renders it.
 */
export function htmlToPlainText(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  // Every dashboard page shows the same notification until the operator changes it, so the
  // last answer is kept rather than parsing the same HTML again on each page.
  if (html !== lastPlainText.html) lastPlainText = { html, text: plainTextOf(html) };
  return lastPlainText.text;
}

let lastPlainText = { html: "", text: "" };

function plainTextOf(html: string): string {
  const withoutTags = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "template"],
  });
  return withoutTags
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (/^#x/i.test(name)) return character(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return character(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}
