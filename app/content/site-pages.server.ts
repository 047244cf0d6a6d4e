import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../context.ts";
import { forPage } from "../upstream/page.server.ts";
import { getSitePages } from "../upstream/public.server.ts";
import { sanitizeUpstreamHtml } from "./sanitize.server.ts";

type HtmlPage = "about" | "faq" | "privacy" | "terms";

/** One of the upstream's HTML pages, sanitized on the server before any browser sees it. */
export async function sanitizedSitePage(context: Readonly<RouterContextProvider>, page: HtmlPage): Promise<string> {
  const pages = await forPage(getSitePages(context.get(requestInfoContext).requestId));
  return sanitizeUpstreamHtml(pages[page]);
}
