import { data } from "react-router";
import { ErrorExplanation } from "../../components/error-boundary.tsx";

export const handle = { hydrate: false };

// Every unknown URL ends here: outside /dashboard inside the public layout, under /dashboard
// inside the dashboard layout (route id dashboard-not-found), after its guard.
export function loader() {
  throw data({ reason: "not-found" }, { status: 404 });
}

export function action() {
  throw data({ reason: "not-found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}

/**
 * The 404 is this route's own error, so it is caught here, in its layout's outlet: the
 * explanation ("Page not found", a way home) sits inside the public menu and footer, or the
 * dashboard shell, like every other page there. A layout whose own loader fails (an upstream
 * outage) still falls to the root's plain error page.
 */
export function ErrorBoundary() {
  return <ErrorExplanation />;
}
