import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../infra/context.ts";
import { forPage } from "../upstream/page.server.ts";
import { getSitePages } from "../upstream/public.server.ts";
import type { SitePages } from "../upstream/schemas.ts";
import { sanitizeUpstreamHtml } from "./sanitize.server.ts";

type HtmlPage = "about" | "faq" | "privacy" | "terms";

// Sanitizing is the slowest step of a public page, and its input only changes when the
// cached pages object does, so the result is kept beside that object.
const sanitizedByPages = new WeakMap<SitePages, Partial<Record<HtmlPage, string>>>();

/** One of the upstream's HTML pages, sanitized on the server before any browser sees it. */
export async function sanitizedSitePage(context: Readonly<RouterContextProvider>, page: HtmlPage): Promise<string> {
  const pages = await forPage(getSitePages(context.get(requestInfoContext).requestId));
  const sanitized = sanitizedByPages.get(pages) ?? {};
  sanitizedByPages.set(pages, sanitized);
  sanitized[page] ??= sanitizeUpstreamHtml(pages[page]);
  return sanitized[page];
}
