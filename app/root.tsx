import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/error-boundary.tsx";
import { getLocale } from "./i18n/paraglide/runtime.js";
import { languageMiddleware } from "./i18n/language.server.ts";
import { formBodyMiddleware } from "./guards/form-body.server.ts";
import "./i18n/language.ts";
import { ToastBanner } from "./components/toast.tsx";
import { csrf } from "./session/csrf.server.ts";
import { env } from "./infra/env.server.ts";
import { litePagesOf } from "./infra/lite-pages.server.ts";
import { sessionMiddleware } from "./session/session.server.ts";
import stylesHref from "./styles/portal.scss?url";
import { readToast } from "./session/toast.server.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesHref },
];

// The request's language for every message (decision 055); the cookie session loaded for
// every loader and action and written back afterwards.
export const middleware: Route.MiddlewareFunction[] = [languageMiddleware, formBodyMiddleware, sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [csrfToken, csrfSetCookie] = await csrf.commitToken(request);
  const headers = csrfSetCookie ? { "Set-Cookie": csrfSetCookie } : undefined;
  return data(
    { productName: env().PRODUCT_NAME, toast: readToast(context), csrfToken, litePages: litePagesOf(request) },
    { headers },
  );
}

export type RootLoaderData = Route.ComponentProps["loaderData"];

/**
 * Whether the page ships its scripts. Pages that need none say `handle = { hydrate: false }`
 * (docs/pages-and-scripts.md), and lite pages ship none at all (decision 071). Once the app
 * runs in the browser it stays mounted: a link from a hydrated page to one of those is
 * followed in the app, and the scroll is still restored when the person goes back.
 */
function useScriptsShipped(): boolean {
  const hydrated = useHydrated();
  const litePages = useRootData()?.litePages === true;
  const wanted = !useMatches().some((match) => {
    const handle = match.handle;
    return typeof handle === "object" && handle !== null && "hydrate" in handle && handle.hydrate === false;
  });
  return hydrated || (wanted && !litePages);
}

/**
 * A page that changes by itself (a bulk purchase running) puts `refreshSeconds` in its loader
 * data: without JavaScript the browser reloads it that often; with it the page updates itself,
 * and a script-enabled browser reads the <noscript> as text, so it never reloads. A page sent
 * without its scripts (lite pages) reloads in every browser.
 */
function useRefreshWithoutScript(): number | null {
  for (const match of useMatches()) {
    const loaderData: unknown = match.loaderData;
    if (typeof loaderData === "object" && loaderData !== null && "refreshSeconds" in loaderData) {
      const seconds = loaderData.refreshSeconds;
      if (typeof seconds === "number") return seconds;
    }
  }
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const scripts = useScriptsShipped();
  const refreshSeconds = useRefreshWithoutScript();
  const refresh = refreshSeconds === null ? null : <meta httpEquiv="refresh" content={String(refreshSeconds)} />;
  return (
    <html lang={getLocale()} id="top" data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
        {scripts && refresh ? <noscript>{refresh}</noscript> : refresh}
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AuthenticityTokenProvider token={loaderData.csrfToken}>
      {loaderData.toast ? <ToastBanner toast={loaderData.toast} /> : null}
      <Outlet />
    </AuthenticityTokenProvider>
  );
}

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
