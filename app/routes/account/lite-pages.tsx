import { data, redirect } from "react-router";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { LitePagesForm } from "../../components/lite-pages-form.tsx";
import { titleMeta } from "../../components/meta.ts";
import { safeRedirectPath } from "../../domain/safe-redirect.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { requestInfoContext } from "../../infra/context.ts";
import { litePagesCookie } from "../../infra/lite-pages.server.ts";
import { hasValidCsrf } from "../../session/csrf.server.ts";
import type { Route } from "./+types/lite-pages";

// The Lite pages switch's answer (decision 071): the `lite` cookie, then back to the page the
// form was on. Only a path of this site: anything else, or none, goes home.

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.lite_pages_title());

export function loader({ request }: Route.LoaderArgs) {
  return { back: safeRedirectPath(new URL(request.url).searchParams.get("back"), "/") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const lite = formData.get("lite");
  if (lite !== "on" && lite !== "off") throw data({ reason: "bad-request" }, { status: 400 });
  const back = safeRedirectPath(formData.get("back"), "/");
  // As the language form's post (decision 055): the public pages are kept whole for every
  // visitor, so their form's token is nobody's. A post the browser marks as this site's own
  // (Fetch Metadata) is believed; any other is asked once more here, with the browser's token.
  const sameSite = request.headers.get("Sec-Fetch-Site") === "same-origin";
  if (!sameSite && !(await hasValidCsrf(formData, request))) return { on: lite === "on", back };
  const { secure } = context.get(requestInfoContext);
  throw redirect(back, { headers: { "Set-Cookie": litePagesCookie(lite === "on", secure) } });
}

export default function LitePages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthLayout title={m.lite_pages_title()} intro={m.lite_pages_intro()} languageForm={false}>
      {actionData ? <p role="status">{m.lite_pages_confirm()}</p> : null}
      {/* Asked once more: the same button, which posts the state asked for. */}
      <LitePagesForm back={actionData?.back ?? loaderData.back} on={actionData ? !actionData.on : undefined} />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
