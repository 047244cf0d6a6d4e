// React Router's <Scripts> writes a <link rel="modulepreload"> for every module of the page,
// and React hoists them all into <head>, ahead of the stylesheet. A browser then asks for the
// scripts together with the stylesheet, and on a slow line they share it: the page painted
// 1.5 s later with JavaScript on than off on 2G (decision 070). So the preloads wait until
// the stylesheet is in: they are moved, unchanged, into a <template> (inert, so the browser's
// preload scanner skips them) just after the stylesheet, and a classic inline script there
// puts them back into <head>. A classic script runs only once the stylesheets above it have
// loaded, so the scripts are asked for as soon as the stylesheet is in: on a first visit when
// it arrives, and when it is cached (the page before loaded it) as soon as the head has come,
// not once the whole page has (decision 095). The parser waits at that script for the
// stylesheet, as the first paint does anyway, and the script asks for them just after the
// next frame is drawn, so no request for a script is ever made before the first paint
// (Lighthouse counts one made before it against the paint).

const PRELOAD_MARK = 'rel="modulepreload"';
const MODULE_PRELOAD = new RegExp(`<link ${PRELOAD_MARK}[^>]*>`, "g");
const STYLESHEET = /<link\b[^>]*\srel="stylesheet"[^>]*>/g;
const MODULE_SCRIPT = /<script\b[^>]*\stype="module"/;
const TEMPLATE_ID = "module-preloads";

/**
 * The rendered page with its module preloads asked for after the stylesheet; a page without
 * them (every page that ships no script) is the very buffer it was, never read as text. The
 * rest is read one character per byte (latin1): every pattern here is ASCII, so the bytes of
 * any other character pass through as they came, and the page need not be decoded from UTF-8
 * and encoded again.
 */
export function preloadsAfterStylesheet(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (!page.includes(PRELOAD_MARK)) return page;
  return Buffer.from(movePreloads(page.toString("latin1")), "latin1");
}

function movePreloads(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  const head = html.slice(0, headEnd);
  const preloads = head.match(MODULE_PRELOAD);
  const body = html.slice(headEnd);
  const moduleScript = body.search(MODULE_SCRIPT);
  if (preloads === null || moduleScript === -1) return html;
  const nonce = /\snonce="([^"]*)"/.exec(body.slice(moduleScript))?.[1];
  const asker =
    // React Router names the entry twice when it is also a route's import (the shell, decision 095).
    `<template id="${TEMPLATE_ID}">${[...new Set(preloads)].join("")}</template>` +
    `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>` +
    `requestAnimationFrame(()=>setTimeout(()=>document.head.append(document.getElementById("${TEMPLATE_ID}").content)))</script>`;
  const rest = head.replace(MODULE_PRELOAD, "");
  const lastStylesheet = [...rest.matchAll(STYLESHEET)].at(-1);
  const at = lastStylesheet === undefined ? rest.length : lastStylesheet.index + lastStylesheet[0].length;
  return `${rest.slice(0, at)}${asker}${rest.slice(at)}${body}`;
}
