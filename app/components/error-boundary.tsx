import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { AppLink } from "./app-link.tsx";
import { m } from "../i18n/paraglide/messages.js";

type Explanation = { heading: string; body: string; retry: boolean };

function explain(status: number, reason: unknown): Explanation {
  if (status === 404) {
    return {
      heading: m.error_not_found_heading(),
      body: m.error_not_found_body(),
      retry: false,
    };
  }
  if (status === 403 && reason === "csrf") {
    return {
      heading: m.error_csrf_heading(),
      body: m.error_csrf_body(),
      retry: false,
    };
  }
  if (status === 504) {
    return {
      heading: m.error_slow_heading(),
      body: m.error_slow_body(),
      retry: true,
    };
  }
  if (status === 502 || status === 503) {
    return {
      heading: m.error_unreachable_heading(),
      body: m.error_unreachable_body(),
      retry: true,
    };
  }
  if (status === 400) {
    return { heading: m.error_bad_request_heading(), body: m.error_bad_request_body(), retry: false };
  }
  return {
    heading: m.error_general_heading(),
    body: m.error_general_body(),
    retry: true,
  };
}

/**
 * The product's name once the root loader has run; "Home", in the page's language, on the rare
 * page where it has not (an error before the root loader, as an upstream call that throws).
 */
function useProductName(): string {
  const rootData: unknown = useRouteLoaderData("root");
  return typeof rootData === "object" &&
    rootData !== null &&
    "productName" in rootData &&
    typeof rootData.productName === "string"
    ? rootData.productName
    : m.site_home();
}

/** What went wrong, in a sentence, with Try again where trying again can help; never a stack. */
export function ErrorExplanation() {
  const error = useRouteError();
  const location = useLocation();
  const productName = useProductName();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const reason = typeof data === "object" && data !== null && "reason" in data ? data.reason : null;
  const { heading, body, retry } = explain(status, reason);
  const retryHref = `${location.pathname}${location.search}`;

  return (
    <>
      <title>{`${productName} - ${heading}`}</title>
      <h1>{heading}</h1>
      <p>{body}</p>
      <p className="error-actions">
        {retry ? (
          <a href={retryHref} className="button">
            {m.error_try_again()}
          </a>
        ) : null}
        <AppLink to="/" className={retry ? "button secondary" : "button"}>
          {m.error_home_link()}
        </AppLink>
      </p>
    </>
  );
}

/**
 * The page for a failure no layout can hold: the explanation under the product's name. The
 * root's boundary, and each stand-alone form page's own, so that a refused post (an expired
 * form, a bot) still has the root loader's product name in its title.
 */
export function GeneralErrorBoundary() {
  const productName = useProductName();
  return (
    <>
      <header className="container error-header">
        <AppLink to="/" className="brand">
          {productName}
        </AppLink>
      </header>
      <main className="container error-page">
        <ErrorExplanation />
      </main>
    </>
  );
}
