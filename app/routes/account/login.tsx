import { parseForm } from "../../forms/submission.ts";
import { Form, redirect } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { countedCheck, unaskedAnswer } from "../../guards/attempts.server.ts";
import { sessionToken, startSession } from "../../session/auth.server.ts";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { CsrfField, ErrorSummary, Field, HoneypotField, SubmitButton } from "../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { safeRedirectPath } from "../../domain/safe-redirect.ts";
import { loginSchema } from "../../forms/account.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { filledHoneypot, HONEYPOT_MESSAGE } from "../../guards/honeypot.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { limits } from "../../guards/rate-limit.server.ts";
import { getProfile, login } from "../../upstream/account.server.ts";
import { isRefusal } from "../../upstream/errors.ts";
import type { User } from "../../upstream/schemas.ts";
import type { Route } from "./+types/login";
import { m } from "../../i18n/paraglide/messages.js";

// Two fields the server checks in one post; the page people reach first on a 2G line
// paints and works without 130 KB of script (decision 070).
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.account_login_title());

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await sessionToken(context)) throw redirect(redirectTo || "/dashboard");
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const submission = parseForm(formData, loginSchema);
  if (filledHoneypot(formData))
    return replyWithErrors(submission, { formErrors: [HONEYPOT_MESSAGE()] }, { hideFields: ["password"], status: 400 });
  if (submission.status !== "success") return replyWithErrors(submission, {}, { hideFields: ["password"] });

  const { requestId, clientIp } = context.get(requestInfoContext);
  const { email, password, redirectTo } = submission.value;
  // Counted before the upstream is asked (decision 065): a locked e-mail or address is
  // refused unasked, so guessing stays slow however many guesses are sent at once.
  const attempt = await countedCheck(
    { wrongTries: [limits.loginFailuresByEmail, email.toLowerCase()], attempts: [limits.loginByIp, clientIp] },
    () => login(requestId, email, password),
    isRefusal,
  );
  if (attempt.result === "locked" || attempt.result === "uncounted") {
    const { message, status } = unaskedAnswer(attempt);
    return replyWithErrors(submission, { formErrors: [message] }, { hideFields: ["password"], status });
  }
  if (attempt.result === "failed")
    return replyWithUpstreamError(submission, attempt.error, context, { hideFields: ["password"] });
  const token = attempt.value;

  // The profile names the account the sign-in's row belongs to (decision 049).
  let user: User;
  try {
    user = await getProfile(requestId, token);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, { hideFields: ["password"] });
  }
  await startSession(context, token, user.id);
  throw redirect(user.profile.otpVerified ? safeRedirectPath(redirectTo) : "/otp");
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(loginSchema, { id: "login", lastResult: actionData?.result });
  return (
    <AuthLayout
      title={m.account_login_title()}
      intro={m.account_login_intro()}
      footer={
        <p>
          {m.account_login_new_here()} <AppLink to="/register">{m.account_login_create_link()}</AppLink>
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.email, fields.password]} />
        <CsrfField />
        {/* A new answer empties it, with JavaScript too: its message says so. */}
        <HoneypotField key={actionData?.replyId} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field label={m.account_email()} meta={fields.email} type="email" autoComplete="email" inputMode="email" />
        <Field label={m.account_password()} meta={fields.password} type="password" autoComplete="current-password" />
        <p>
          <AppLink to="/forgot-password">{m.account_login_forgot_link()}</AppLink>
        </p>
        <SubmitButton>{m.account_login_submit()}</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
