import fc from "fast-check";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { CORPUS_MARK, corpusHtml, PAYLOADS } from "../../tests/xss/corpus.ts";
import { sanitizeUpstreamHtml } from "./sanitize.server.ts";

// The shared XSS and mutation-XSS corpus (tests/xss/corpus.ts; the browser tests show the
// same payloads on every page that renders upstream HTML). The output is checked by parsing
// it, not by pattern matching: every element and attribute must be on the allow-list, and
// every link must use an allowed scheme once entities are decoded and the characters a
// browser ignores in a URL are dropped.

const ALLOWED_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [
    ["p", []],
    ["br", []],
    ["h2", []],
    ["h3", []],
    ["h4", []],
    ["h5", []],
    ["h6", []],
    ["strong", []],
    ["em", []],
    ["b", []],
    ["i", []],
    ["u", []],
    ["ul", []],
    ["ol", []],
    ["li", []],
    ["a", ["href", "rel"]],
    ["blockquote", []],
    ["table", []],
    ["thead", []],
    ["tbody", []],
    ["tr", []],
    ["th", ["colspan", "rowspan", "scope"]],
    ["td", ["colspan", "rowspan"]],
    ["hr", []],
    ["span", []],
  ].map(([tag, attributes]) => [String(tag), new Set(attributes)]),
);

/** Where a browser would take this href: its scheme after the characters URL parsing drops. */
function linkScheme(href: string): string | null {
  // The WHATWG URL parser strips C0 controls and spaces around a URL, and tabs and
  // newlines inside it; dropping them all can only reveal a scheme, never hide one.
  const cleaned = href.replace(/[\u0000-\u0020]+/g, "").toLowerCase();
  if (cleaned.startsWith("//") || cleaned.startsWith("\\/") || cleaned.startsWith("/\\")) return "protocol-relative";
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(cleaned);
  return scheme === null ? null : (scheme[1] ?? null);
}

/** Everything executable, or able to become so, in the parsed HTML; each entry names what and where. */
function unsafeParts(html: string): string[] {
  const found: string[] = [];
  const visit = (nodes: ReturnType<typeof parseDocument>["children"]) => {
    for (const node of nodes) {
      if (node.type === "comment" || node.type === "cdata" || node.type === "directive")
        found.push(`${node.type} node`);
      if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
      const allowed = ALLOWED_ATTRIBUTES.get(node.name);
      if (allowed === undefined) found.push(`element <${node.name}>`);
      for (const [name, value] of Object.entries(node.attribs)) {
        if (allowed === undefined || !allowed.has(name)) found.push(`attribute ${name}="${value}" on <${node.name}>`);
        if (name === "href") {
          const scheme = linkScheme(value);
          if (scheme !== null && !["http", "https", "mailto", "tel"].includes(scheme)) found.push(`link ${value}`);
        }
      }
      visit(node.children);
    }
  };
  visit(parseDocument(html, { decodeEntities: true }).children);
  return found;
}

describe("the unsafe-markup detector", () => {
  // Guards the guard: were it blind, every test below would pass. Pure entity text and
  // template syntax are harmless by design, so only markup payloads are expected to trip it.
  const markup = PAYLOADS.filter((payload) => payload.kind !== "entity" && !/^[^<]*$/.test(payload.html));
  it.each(markup)("notices payload $id before sanitizing: $html", ({ html }) => {
    // A tag cut off by the end of the input is text to htmlparser2 (and nothing to a browser).
    const cutOff = /<[a-z][^>]*$/i.test(html);
    expect(cutOff || unsafeParts(html).length > 0).toBe(true);
  });
});

describe("sanitizeUpstreamHtml against the XSS and mutation-XSS corpus", () => {
  it("covers every payload class with at least 90 payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(90);
    expect(new Set(PAYLOADS.map((payload) => payload.kind)).size).toBe(10);
  });

  it.each(PAYLOADS)("leaves nothing executable of payload $id: $html", ({ html }) => {
    const output = sanitizeUpstreamHtml(html);
    expect(unsafeParts(output)).toEqual([]);
    expect(output).not.toMatch(/<script/i);
  });

  it.each(PAYLOADS)("is stable when run again on its own output: payload $id", ({ html }) => {
    const once = sanitizeUpstreamHtml(html);
    expect(sanitizeUpstreamHtml(once)).toBe(once);
  });

  it("leaves nothing executable in the whole corpus pasted as one document", () => {
    const output = sanitizeUpstreamHtml(corpusHtml());
    expect(unsafeParts(output)).toEqual([]);
    // The browser tests look for this text to know no payload ate the ones after it.
    expect(output).toContain(CORPUS_MARK);
    expect(sanitizeUpstreamHtml(output)).toBe(output);
  });

  it("leaves nothing executable when payloads are cut and spliced into each other", () => {
    // Mutation XSS lives in the seams: half a tag from one payload, half from another.
    const fragment = fc.oneof(
      fc.constantFrom(...PAYLOADS.map((payload) => payload.html)),
      fc
        .constantFrom(...PAYLOADS.map((payload) => payload.html))
        .chain((html) => fc.nat(html.length).map((cut) => html.slice(0, cut))),
      fc
        .constantFrom(...PAYLOADS.map((payload) => payload.html))
        .chain((html) => fc.nat(html.length).map((cut) => html.slice(cut))),
      fc.constantFrom("<", ">", '"', "'", "=", "/", "&", ";", "<!--", "-->", "<a href=", "<p>", "</p>", " "),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 8 }), (fragments) => {
        const output = sanitizeUpstreamHtml(fragments.join(""));
        expect(unsafeParts(output)).toEqual([]);
        expect(sanitizeUpstreamHtml(output)).toBe(output);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("sanitizeUpstreamHtml keeps content", () => {
  it.each([
    ["<p>Welcome to our portal.</p>", "<p>Welcome to our portal.</p>"],
    [
      '<p>Read <a href="https://example.ng/terms">the terms</a>.</p>',
      '<p>Read <a href="https://example.ng/terms" rel="noopener noreferrer nofollow">the terms</a>.</p>',
    ],
    ["<ul><li>Airtime</li><li>Data</li></ul>", "<ul><li>Airtime</li><li>Data</li></ul>"],
    ["<ol><li>Fund</li><li>Buy</li></ol>", "<ol><li>Fund</li><li>Buy</li></ol>"],
    ["<h1>About us</h1>", "<h2>About us</h2>"],
    ["<h3>Refunds</h3><hr /><blockquote>Fast</blockquote>", "<h3>Refunds</h3><hr /><blockquote>Fast</blockquote>"],
    [
      "<p><strong>b</strong> <em>e</em> <b>b</b> <i>i</i> <u>u</u> <span>s</span><br />x</p>",
      "<p><strong>b</strong> <em>e</em> <b>b</b> <i>i</i> <u>u</u> <span>s</span><br />x</p>",
    ],
    [
      '<table><thead><tr><th colspan="2">Bank</th></tr></thead><tbody><tr><td>Wema</td><td>0123456789</td></tr></tbody></table>',
      '<table><thead><tr><th colspan="2">Bank</th></tr></thead><tbody><tr><td>Wema</td><td>0123456789</td></tr></tbody></table>',
    ],
    [
      '<a href="mailto:help@example.ng">mail</a> <a href="tel:08012345678">call</a>',
      '<a href="mailto:help@example.ng" rel="noopener noreferrer nofollow">mail</a> <a href="tel:08012345678" rel="noopener noreferrer nofollow">call</a>',
    ],
    ["<div>Pay to <b>Wema</b></div>", "Pay to <b>Wema</b>"],
    ["Fish &amp; chips &lt;3", "Fish &amp; chips &lt;3"],
  ])("%s", (input, expected) => {
    expect(sanitizeUpstreamHtml(input)).toBe(expected);
  });

  it("forces rel and drops target, id, class and style on a link", () => {
    expect(
      sanitizeUpstreamHtml(
        '<a href="https://example.ng" target="_blank" rel="opener" id="l" class="c" style="color:red">x</a>',
      ),
    ).toBe('<a href="https://example.ng" rel="noopener noreferrer nofollow">x</a>');
  });

  it("keeps the text of a payload's harmless neighbours", () => {
    const output = sanitizeUpstreamHtml(
      "<p>Before</p><script>alert(1)</script><img src=x onerror=alert(1)><ul><li>After</li></ul>",
    );
    expect(output).toBe("<p>Before</p><ul><li>After</li></ul>");
  });
});

describe("sanitizeUpstreamHtml gives markup a browser reads as it was checked", () => {
  // Found by the splicing property above: one pass of sanitize-html nested these, which a
  // browser (and a second pass) would have split apart.
  it.each([
    [
      '<a href="https://a.ng"<script>1</script><cript>2</script><a href="https://b.ng">x</a>',
      '<a href="https://a.ng" rel="noopener noreferrer nofollow">12</a><a href="https://b.ng" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<p title="</p>">x<src=x></iframe><p>', "<p>x</p><p></p><p></p>"],
  ])("%s", (input, expected) => {
    expect(sanitizeUpstreamHtml(input)).toBe(expected);
  });
});

describe("sanitizeUpstreamHtml is total", () => {
  it.each<[unknown]>([[""], [null], [undefined], [42], [{}], [["<p>x</p>"]]])("%j gives ''", (input) => {
    expect(sanitizeUpstreamHtml(input)).toBe("");
  });
});
