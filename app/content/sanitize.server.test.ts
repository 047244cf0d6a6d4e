import { describe, expect, it } from "vitest";
import { sanitizeUpstreamHtml } from "./sanitize.server.ts";

// Classic XSS and mutation-XSS payloads (OWASP filter-evasion cheat sheet, PortSwigger's
// XSS cheat sheet, the DOMPurify mXSS reports).
const PAYLOADS: readonly string[] = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)<</script>/script>",
  "<script/x>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<img src=x onerror=alert(1)//",
  '<IMG SRC="javascript:alert(1)">',
  "<img src=`javascript:alert(1)`>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="JaVaScRiPt&#x3a;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#x01;javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example/phish">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p style="width: expression(alert(1))">x</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<style>@import 'https://evil.example/x.css';</style>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<math><mi><mglyph><svg><mtext><textarea><path id=\"</textarea><img onerror=alert(1) src=1>\">",
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<body onload="alert(1)">',
  '<details open ontoggle="alert(1)">',
  '<p onmouseover="alert(1)" id="x" class="y">hover</p>',
  '<a href="https://example.ng" onclick="alert(1)" target="_blank">x</a>',
  "<!--<img src=x onerror=alert(1)>-->",
  "<![CDATA[<script>alert(1)</script>]]>",
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<video><source onerror="alert(1)"></video>',
  '<input autofocus onfocus="alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
];

const ALLOWED_TAGS = new Set([
  "p", "br", "h2", "h3", "h4", "h5", "h6", "strong", "em", "b", "i", "u", "ul", "ol", "li",
  "a", "blockquote", "table", "thead", "tbody", "tr", "th", "td", "hr", "span",
]);

const FORBIDDEN_TAG = /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|form|meta|base|img|link|input|button|template|noscript)\b/i;

// Each rule returns what it found, so a failure names the offending markup.
function unsafeParts(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push("<script");
  const forbidden = FORBIDDEN_TAG.exec(html);
  if (forbidden !== null) found.push(forbidden[0]);
  for (const tag of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>?/g)) {
    const [markup, name = "", attributes = ""] = tag;
    if (!ALLOWED_TAGS.has(name.toLowerCase())) found.push(`tag ${markup}`);
    if (/\son\w+\s*=/i.test(attributes)) found.push(`handler ${markup}`);
    if (/\s(style|class|id|target|src|srcdoc|action|formaction|background)\s*=/i.test(attributes)) {
      found.push(`attribute ${markup}`);
    }
    for (const href of attributes.matchAll(/\shref\s*=\s*"([^"]*)"/gi)) {
      const value = href[1] ?? "";
      if (!/^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i.test(value)) found.push(`href ${value}`);
    }
    if (/javascript:|vbscript:|data:/i.test(markup)) found.push(`url ${markup}`);
  }
  return found;
}

describe("the unsafe-markup detector", () => {
  // Guards the guard: were the detector blind, every payload test below would pass.
  it.each(PAYLOADS)("notices %s before sanitizing", (payload) => {
    expect(unsafeParts(payload)).not.toEqual([]);
  });
});

describe("sanitizeUpstreamHtml against XSS and mutation XSS", () => {
  it("covers at least 30 payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(PAYLOADS)("neutralises %s", (payload) => {
    const output = sanitizeUpstreamHtml(payload);
    expect(unsafeParts(output)).toEqual([]);
    expect(output).not.toMatch(/<script/i);
    expect(output).not.toMatch(/<[^>]*\son\w+\s*=/i);
    expect(output).not.toMatch(/<[^>]*(javascript|data):/i);
  });

  it.each(PAYLOADS)("is stable when run again on its own output: %s", (payload) => {
    const once = sanitizeUpstreamHtml(payload);
    expect(sanitizeUpstreamHtml(once)).toBe(once);
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
      '<p>Before</p><script>alert(1)</script><img src=x onerror=alert(1)><ul><li>After</li></ul>',
    );
    expect(output).toBe("<p>Before</p><ul><li>After</li></ul>");
  });
});

describe("sanitizeUpstreamHtml is total", () => {
  it.each<[unknown]>([[""], [null], [undefined], [42], [{}], [["<p>x</p>"]]])("%j gives ''", (input) => {
    expect(sanitizeUpstreamHtml(input)).toBe("");
  });
});
