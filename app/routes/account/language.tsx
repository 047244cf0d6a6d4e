import { data, redirect } from "react-router";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { LanguageForm } from "../../components/language-form.tsx";
import { titleMeta } from "../../components/meta.ts";
import { safeRedirectPath } from "../../domain/safe-redirect.ts";
import { isLanguage } from "../../i18n/language.ts";
import { languageCookie } from "../../i18n/language.server.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { requestInfoContext } from "../../infra/context.ts";
import { hasValidCsrf } from "../../session/csrf.server.ts";
import type { Route } from "./+types/language";

// The language form's answer (decision 055): the `lang` cookie, then back to the page the
// form was on. Only a path of this site: anything else goes home.

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.language_page_title());

/** The path of a same-site Referer, or home. */
function refererPath(request: Request): string {
  const referer = request.headers.get("Referer");
  if (referer === null || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  return url.origin === new URL(request.url).origin ? safeRedirectPath(`${url.pathname}${url.search}`, "/") : "/";
}

export function loader({ request }: Route.LoaderArgs) {
  return { back: safeRedirectPath(new URL(request.url).searchParams.get("back"), "/") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const language = formData.get("language");
  if (typeof language !== "string" || !isLanguage(language)) throw data({ reason: "bad-request" }, { status: 400 });
  const back = safeRedirectPath(formData.get("back"), refererPath(request));
  // The public pages are kept and served whole to every visitor (decision 029), so their
  // form's token is nobody's: a browser that says the post came from this site's own page
  // (Fetch Metadata, which no other site can forge) is believed; any other is asked once
  // more on this page, whose form carries the browser's own token.
  const sameSite = request.headers.get("Sec-Fetch-Site") === "same-origin";
  if (!sameSite && !(await hasValidCsrf(formData, request))) return { language, back };
  const { secure } = context.get(requestInfoContext);
  throw redirect(back, { headers: { "Set-Cookie": languageCookie(language, secure) } });
}

export default function Language({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthLayout title={m.language_page_title()} intro={m.language_page_intro()} languageForm={false}>
      {actionData ? <p role="status">{m.language_page_confirm()}</p> : null}
      <LanguageForm back={actionData?.back ?? loaderData.back} selected={actionData?.language} />
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
