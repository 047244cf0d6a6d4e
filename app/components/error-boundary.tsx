import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { AppLink } from "./app-link.tsx";

type Explanation = { heading: string; body: string; retry: boolean };

function explain(status: number, reason: unknown): Explanation {
  if (status === 404) {
    return {
      heading: "Page not found",
      body: "We could not find the page you asked for. It may have moved, or the link may be wrong.",
      retry: false,
    };
  }
  if (status === 403 && reason === "csrf") {
    return {
      heading: "Your form has expired",
      body: "For your safety we could not accept that form. Go back, reload the page and send it again.",
      retry: false,
    };
  }
  if (status === 504) {
    return {
      heading: "Our service is slow to answer",
      body: "Our service provider did not answer in time. Nothing was charged for viewing this page. Please try again in a minute.",
      retry: true,
    };
  }
  if (status === 502 || status === 503) {
    return {
      heading: "We can't reach our service right now",
      body: "Our service provider is not answering as it should. Please try again in a minute.",
      retry: true,
    };
  }
  if (status === 400) {
    return { heading: "We could not read that request", body: "Please go back and try again.", retry: false };
  }
  return {
    heading: "Something went wrong",
    body: "An unexpected error stopped this page. Please try again; if it keeps happening, contact support.",
    retry: true,
  };
}

/** The product's name once the root loader has run; "Home" on the rare page where it has not. */
function useProductName(): string {
  const rootData: unknown = useRouteLoaderData("root");
  return typeof rootData === "object" &&
    rootData !== null &&
    "productName" in rootData &&
    typeof rootData.productName === "string"
    ? rootData.productName
    : "Home";
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
            Try again
          </a>
        ) : null}
        <AppLink to="/" className={retry ? "button secondary" : "button"}>
          Go to the home page
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
