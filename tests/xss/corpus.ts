// One corpus of XSS and mutation-XSS payloads, shared by the sanitizer's unit tests
// (app/content/sanitize.server.test.ts) and the browser tests (tests/e2e/xss-*.spec.ts).
// Sources: the OWASP filter-evasion cheat sheet, PortSwigger's XSS cheat sheet, the
// DOMPurify and sanitize-html mXSS reports. Every payload that would run calls
// `__xss(<its id>)`, so a browser trap names the one that got through. Decision 019 says
// why these classes.

export type PayloadClass =
  "script" | "handler" | "url" | "namespace" | "raw-text" | "breakout" | "entity" | "srcdoc-data" | "css" | "document";

export type Payload = {
  readonly id: number;
  readonly kind: PayloadClass;
  readonly html: string;
  /** Leaves an element or a comment open, so the sanitizer (or a browser) drops what follows it. */
  readonly open: boolean;
};

/** What a payload runs if it gets through; the id says which one. */
export const TRAP_NAME = "__xss";

const OPEN = "open";

// `XSS` in a template is replaced by the call to the trap.
const TEMPLATES: ReadonlyArray<readonly [PayloadClass, string, typeof OPEN?]> = [
  ["script", "<script>XSS</script>"],
  ["script", "<SCRIPT>XSS</SCRIPT>"],
  ["script", "<script src=data:,XSS></script>"],
  ["script", "<script/x>XSS</script>"],
  ["script", "<scr<script>ipt>XSS</scr</script>ipt>"],
  ["script", "<<script>script>XSS<</script>/script>"],
  ["script", '<img """><script>XSS</script>">'],

  ["handler", "<img src=x onerror=XSS>"],
  ["handler", "<img src=x onerror=XSS//"],
  ["handler", '<img src=x:x onerror="XSS">'],
  ["handler", "<svg onload=XSS>", OPEN],
  ["handler", "<body onload=XSS>"],
  ["handler", "<details open ontoggle=XSS>"],
  ["handler", "<input autofocus onfocus=XSS>"],
  ["handler", "<select autofocus onfocus=XSS></select>"],
  ["handler", '<p onmouseover="XSS" id="x" class="y">hover</p>'],
  ["handler", '<a href="https://example.ng" onclick="XSS" target="_blank">x</a>'],
  ["handler", "<video><source onerror=XSS></video>"],
  ["handler", "<audio src=x onerror=XSS></audio>"],
  ["handler", "<b onpointerenter=XSS>b</b>"],
  ["handler", "<img src=x onerror\n=\nXSS>"],

  ["url", '<a href="javascript:XSS">x</a>'],
  ["url", '<a href="  javascript:XSS">x</a>'],
  ["url", '<a href="JaVaScRiPt:XSS">x</a>'],
  ["url", '<a href="java\tscript:XSS">x</a>'],
  ["url", '<a href="jav&#x0A;ascript:XSS">x</a>'],
  ["url", '<a href="java&#x09;script:XSS">x</a>'],
  ["url", '<a href="&#x01;javascript:XSS">x</a>'],
  ["url", '<a href="javascript&colon;XSS">x</a>'],
  ["url", '<a href="javascript://%0aXSS">x</a>'],
  ["url", '<a href="vbscript:XSS">x</a>'],
  ["url", '<iframe src="javascript:XSS"></iframe>'],
  ["url", '<form action="javascript:XSS"><input type=submit></form>'],
  ["url", '<form><button formaction="javascript:XSS">x</button></form>'],
  ["url", '<table background="javascript:XSS"><tr><td>x</td></tr></table>'],

  ["namespace", "<svg><script>XSS</script></svg>"],
  ["namespace", "<svg><animate onbegin=XSS attributeName=x dur=1s>", OPEN],
  ["namespace", '<svg><a xlink:href="javascript:XSS"><text x="20" y="20">x</text></a></svg>'],
  ["namespace", "<svg><style><img src=x onerror=XSS></style></svg>"],
  ["namespace", '<svg></p><style><a id="</style><img src=1 onerror=XSS>">', OPEN],
  ["namespace", "<math><mtext><table><mglyph><style><img src=x onerror=XSS>", OPEN],
  ["namespace", '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=XSS src=1>">', OPEN],
  ["namespace", '<math><annotation-xml encoding="text/html"><img src=x onerror=XSS></annotation-xml></math>'],
  ["namespace", "<form><math><mtext></form><form><mglyph><style></math><img src onerror=XSS>", OPEN],

  ["raw-text", '<noscript><p title="</noscript><img src=x onerror=XSS>">', OPEN],
  ["raw-text", "<template><script>XSS</script></template>"],
  ["raw-text", "<template><img src=x onerror=XSS></template>"],
  ["raw-text", "<style><img src=x onerror=XSS></style>"],
  ["raw-text", "<title><img src=x onerror=XSS></title>"],
  ["raw-text", "<xmp><img src=x onerror=XSS></xmp>"],
  ["raw-text", "<noembed><img src=x onerror=XSS></noembed>"],
  ["raw-text", "<iframe><img src=x onerror=XSS></iframe>"],
  ["raw-text", "<textarea><img src=x onerror=XSS></textarea>"],
  ["raw-text", "<!--<img src=x onerror=XSS>-->"],
  ["raw-text", "<!--><img src=x onerror=XSS>-->"],
  ["raw-text", "<![CDATA[<script>XSS</script>]]>"],
  ["raw-text", '<? foo="><script>XSS</script>">'],
  ["raw-text", '<p title="</p><img src=x onerror=XSS>">x</p>'],

  ["breakout", '"><img src=x onerror=XSS>'],
  ["breakout", "</textarea><img src=x onerror=XSS>"],
  ["breakout", "'><img src=x onerror=XSS>"],
  ["breakout", '" autofocus onfocus="XSS'],
  ["breakout", "' autofocus onfocus='XSS"],
  ["breakout", "</title><img src=x onerror=XSS>"],
  ["breakout", "</script><script>XSS</script>"],
  ["breakout", "<!--</script><script>XSS</script>", OPEN],
  ["breakout", "</style><img src=x onerror=XSS>"],
  ["breakout", "\u2028\u2029</script><img src=x onerror=XSS>"],
  ["breakout", "{{constructor.constructor('XSS')()}}"],

  ["entity", "&lt;script&gt;XSS&lt;/script&gt;"],
  ["entity", "&#60;img src=x onerror=XSS&#62;"],
  ["entity", "&amp;lt;img src=x onerror=XSS&amp;gt;"],
  ["entity", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;XSS">x</a>'],
  ["entity", '<a href="&#x6A;avascript&#x3A;XSS">x</a>'],
  ["entity", '<a href="&#106avascript:XSS">x</a>'],
  ["entity", '<a title="&lt;img src=x onerror=XSS&gt;">x</a>'],

  ["srcdoc-data", '<iframe srcdoc="<script>XSS</script>"></iframe>'],
  ["srcdoc-data", '<iframe srcdoc="&lt;img src=x onerror=XSS&gt;"></iframe>'],
  ["srcdoc-data", '<a href="data:text/html,<script>XSS</script>">x</a>'],
  ["srcdoc-data", '<a href="DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ["srcdoc-data", '<object data="data:text/html,<script>XSS</script>"></object>'],
  ["srcdoc-data", '<embed src="data:image/svg+xml,<svg onload=XSS>">'],
  ["srcdoc-data", '<img src="data:image/svg+xml,<svg onload=XSS>">'],

  ["css", '<p style="width: expression(XSS)">x</p>'],
  ["css", '<div style="background:url(javascript:XSS)">x</div>'],
  ["css", "<style>@import 'javascript:XSS';</style>"],
  ["css", '<link rel="stylesheet" href="javascript:XSS">'],
  ["css", '<span style="behavior:url(#default#time2)" onbegin="XSS">x</span>'],

  ["document", '<meta http-equiv="refresh" content="0;url=javascript:XSS">'],
  ["document", '<base href="javascript:XSS//">'],
  ["document", '<object data="javascript:XSS"></object>'],
  ["document", '<a href="//evil.example/XSS">x</a>'],

  ["raw-text", "<textarea><img src=x onerror=XSS>", OPEN],
  ["raw-text", "<style><img src=x onerror=XSS>", OPEN],
  ["raw-text", "<!--<img src=x onerror=XSS>", OPEN],
  ["raw-text", "<plaintext><img src=x onerror=XSS>", OPEN],
];

export const PAYLOADS: readonly Payload[] = TEMPLATES.map(([kind, template, open], index) => ({
  id: index + 1,
  kind,
  html: template.replaceAll("XSS", `${TRAP_NAME}(${index + 1})`),
  open: open === OPEN,
}));

/**
 * Said after every payload but the open ones, so a page showing it proves those payloads
 * all reached the browser rather than one eating the rest.
 */
export const CORPUS_MARK = "Every payload above reached the page";

/**
 * The whole corpus as one document, as an administrator might paste it into one setting:
 * the open payloads last, since each drops everything after it.
 */
export function corpusHtml(): string {
  const closed = PAYLOADS.filter((payload) => !payload.open).map((payload) => payload.html);
  const open = PAYLOADS.filter((payload) => payload.open).map((payload) => payload.html);
  return [...closed, `<p>${CORPUS_MARK}</p>`, ...open].join("\n");
}

/** The first payload of each class that fits in `maxLength` characters: one of each kind of attack. */
export function representatives(maxLength: number): Payload[] {
  const seen = new Set<PayloadClass>();
  return PAYLOADS.filter((payload) => {
    if (payload.html.length > maxLength || seen.has(payload.kind)) return false;
    seen.add(payload.kind);
    return true;
  });
}

/**
 * Payloads of at most `maxLength` characters, packed into as few values as fit, joined by
 * `separator`; for a text field that cannot take the whole corpus at once.
 */
export function packedPayloads(
  maxLength: number,
  separator: string,
  payloads: readonly Payload[] = PAYLOADS,
): string[] {
  const values: string[] = [];
  let current = "";
  for (const { html } of payloads) {
    if (html.length > maxLength) continue;
    const joined = current === "" ? html : `${current}${separator}${html}`;
    if (joined.length <= maxLength) {
      current = joined;
    } else {
      values.push(current);
      current = html;
    }
  }
  if (current !== "") values.push(current);
  return values;
}
