// React Router's <Scripts> writes a <link rel="modulepreload"> for every module of the page,
// and React hoists them all into <head>, ahead of the stylesheet. A browser then asks for the
// scripts together with the stylesheet, and on a slow line they share it: the page painted
// 1.5 s later with JavaScript on than off on 2G (decision 070). So the preloads wait until
// the stylesheet is in: they are moved, unchanged, into a <template> (inert, so the browser's
// preload scanner skips them) before the page's module script, and a classic inline script
// there puts them into <head>. A classic script runs only once the stylesheets above it have
// loaded, so the scripts are asked for just after the stylesheet, before the module script
// (which waits the same way) imports them.

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b[^>]*\stype="module"/;
const TEMPLATE_ID = "module-preloads";

/** The rendered document with its module preloads asked for after the stylesheet; a page without them as it is. */
export function preloadsAfterStylesheet(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  const head = html.slice(0, headEnd);
  const preloads = head.match(MODULE_PRELOAD);
  const body = html.slice(headEnd);
  const moduleScript = body.search(MODULE_SCRIPT);
  if (preloads === null || moduleScript === -1) return html;
  const nonce = /\snonce="([^"]*)"/.exec(body.slice(moduleScript))?.[1];
  const start =
    `<template id="${TEMPLATE_ID}">${preloads.join("")}</template>` +
    `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>` +
    `document.head.append(document.getElementById("${TEMPLATE_ID}").content)</script>`;
  return `${head.replace(MODULE_PRELOAD, "")}${body.slice(0, moduleScript)}${start}${body.slice(moduleScript)}`;
}
