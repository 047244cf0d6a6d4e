import { createRequestHandler } from "@react-router/express";
import express from "express";
import {
  createRequestHandler as createFetchHandler,
  matchRoutes,
  type RouteObject,
  RouterContextProvider,
} from "react-router";
import * as build from "virtual:react-router/server-build";
import localizedChunks from "virtual:one-language-chunks";
import { requestInfoContext } from "../app/infra/context.ts";
import type { RenderRequest } from "./page-cache.ts";
import { assetsInLanguage } from "../app/i18n/assets-in-language.ts";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language, requestLanguage } from "../app/i18n/language.ts";
import { LITE_PAGES_COOKIE } from "../app/infra/lite-pages.server.ts";

// server.ts checks Redis through the app's own client, and opens the portal's own database,
// before it opens the port.
export { redisStartupProblem } from "../app/infra/redis.server.ts";
export { closeStore, storeStartupProblem } from "../app/store/database.server.ts";
// The public pages' cache keeps one copy per language and Lite pages state, chosen as the app chooses them.
export { requestLanguage } from "../app/i18n/language.ts";
export { litePagesFor } from "../app/infra/lite-pages.server.ts";

// Built by Vite together with the app (see vite.config.ts), so requestInfoContext here is
// the very object the loaders read.
export const app = express.Router();

function loadContext(info: { requestId: string; clientIp: string; secure: boolean }) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

/**
 * The build as a page in each other language names its scripts, so that it loads that
 * language's words only (decision 072); the base language's is the build itself.
 */
const otherLanguages = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);
const buildIn = (language: Language) => ({
  ...build,
  assets: assetsInLanguage(build.assets, language, { baseLanguage: DEFAULT_LANGUAGE, localized: localizedChunks }),
});

// The build itself, not a function returning it: given a function, React Router derives its
// route tables (every route's pattern compiled and ranked) again on every request.
const fetchHandler = createFetchHandler(build);
const fetchHandlers = new Map(otherLanguages.map((language) => [language, createFetchHandler(buildIn(language))]));

/** The app's answer to a signed-out GET in a language, for the public pages' cache (server/page-cache.ts). */
export function renderPage({ url, language, litePages, ...info }: RenderRequest) {
  const cookie = `${LANGUAGE_COOKIE}=${language}; ${LITE_PAGES_COOKIE}=${litePages ? "on" : "off"}`;
  const handler = fetchHandlers.get(requestLanguage(cookie, null)) ?? fetchHandler;
  return handler(new Request(url, { headers: { Accept: "text/html", Cookie: cookie } }), loadContext(info));
}

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The build's flat route list as the tree React Router matches against. */
function routeTree(routes: Record<string, ManifestRoute | undefined>, parentId?: string): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (route === undefined || route.parentId !== parentId) return [];
    const { id, path, caseSensitive } = route;
    return [
      route.index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: routeTree(routes, id) },
    ];
  });
}

const routes = routeTree(build.routes);

/** Where every address outside /dashboard that no screen has ends up (app/routes.ts). */
const PUBLIC_NOT_FOUND = "routes/public/not-found";

/** Each address's answer below, so that it is matched once. */
const answered = new Map<string, boolean>();

/**
 * Whether the app answers this path with the public "page not found", matched as React
 * Router matches it; for the page cache, which then keeps that one page for every such path.
 * Data requests (`.data`) and route discovery are React Router's own and never that page.
 */
export function isPublicNotFound(path: string): boolean {
  let known = answered.get(path);
  if (known === undefined) {
    known = matchesPublicNotFound(path);
    // matchRoutes ranks the whole route tree on every call (about 0.5 ms): every signed-out
    // GET of /login and the like asks again, so each address is matched once. Bounded, so
    // a scan of random addresses cannot grow it.
    if (answered.size >= 1_000) answered.clear();
    if (path.length <= 200) answered.set(path, known);
  }
  return known;
}

function matchesPublicNotFound(path: string): boolean {
  const { pathname } = new URL(path, "http://localhost");
  if (pathname.endsWith(".data") || pathname === build.routeDiscovery.manifestPath) return false;
  return matchRoutes(routes, pathname)?.at(-1)?.route.id === PUBLIC_NOT_FOUND;
}

function requestHandler(languageBuild: typeof build) {
  return createRequestHandler({
    build: languageBuild,
    getLoadContext(request, response) {
      return loadContext({
        requestId: String(response.locals.requestId ?? "unknown"),
        clientIp: request.ip ?? "unknown",
        secure: request.secure,
      });
    },
  });
}
const handler = requestHandler(build);
const handlers = new Map(otherLanguages.map((language) => [language, requestHandler(buildIn(language))]));

// Chosen as the root middleware chooses the language a page is rendered in (app/i18n/language.ts).
app.use((request, response, next) => {
  const language = requestLanguage(request.headers.cookie, request.headers["accept-language"]);
  return (handlers.get(language) ?? handler)(request, response, next);
});
