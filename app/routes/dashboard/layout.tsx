import { Outlet, useRouteLoaderData } from "react-router";
import { DashboardShell } from "../../components/dashboard-shell.tsx";
import { ErrorExplanation, GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { userLevelLabel } from "../../domain/labels.ts";
import { useRootData } from "../../root.tsx";
import { historyMiddleware } from "../../history/history.server.ts";
import { signedInForPage, signedInMiddleware } from "../../session/signed-in.server.ts";
import type { Route } from "./+types/layout";

// Every signed-in page: the session, the profile and the OTP check, once per request; and a
// form posted drops the session's kept history (decision 033).
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware, historyMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = await signedInForPage(context);
  return {
    fullName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    walletBalanceKobo: user.profile.walletBalanceKobo,
    levelLabel: userLevelLabel(user.level),
  };
}

export type DashboardData = Route.ComponentProps["loaderData"];

/** The signed-in user as the dashboard layout loaded them, for any page inside it. */
export function useDashboardData(): DashboardData | undefined {
  return useRouteLoaderData<typeof loader>("routes/dashboard/layout");
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const productName = useRootData()?.productName ?? "";
  return (
    <DashboardShell productName={productName} fullName={loaderData.fullName}>
      <Outlet />
    </DashboardShell>
  );
}

/**
 * A signed-in page that fails (an unknown receipt, an outage behind one page) keeps the menu
 * and the name in the top bar around its explanation; if the layout's own loader failed
 * there is nobody to show them for, and the plain error page stands alone.
 */
export function ErrorBoundary() {
  const dashboard = useDashboardData();
  const productName = useRootData()?.productName ?? "";
  if (dashboard === undefined) return <GeneralErrorBoundary />;
  return (
    <DashboardShell productName={productName} fullName={dashboard.fullName}>
      <ErrorExplanation />
    </DashboardShell>
  );
}
