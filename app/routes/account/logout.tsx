import { redirect } from "react-router";
import { endSession, sessionToken } from "../../session/auth.server.ts";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { forgetHistory } from "../../history/history.server.ts";
import { LogoutQuestion } from "../../components/logout.tsx";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { titleMeta } from "../../components/meta.ts";
import type { Route } from "./+types/logout";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Logout");

// Without JavaScript the top bar's Logout link comes here; with it, the same question is
// asked in a dialog that posts to this action.
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await sessionToken(context))) throw redirect("/login");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const token = await sessionToken(context);
  if (token) await forgetHistory(token);
  // The session ends here whatever the upstream says: a user who asked to leave is out, and
  // a token the upstream could not revoke now is tried again later (decision 064).
  await endSession(context);
  throw redirect("/login");
}

export default function Logout() {
  return (
    <AuthLayout title="Logout">
      <LogoutQuestion />
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
