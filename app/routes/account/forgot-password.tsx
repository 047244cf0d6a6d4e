import { parseForm } from "../../forms/submission.ts";
import { Form } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { allowAttempt } from "../../guards/attempts.server.ts";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { CsrfField, ErrorSummary, Field, HoneypotField, SubmitButton } from "../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { forgotPasswordSchema } from "../../forms/account.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { filledHoneypot, HONEYPOT_MESSAGE } from "../../guards/honeypot.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { limits, lockedMessage } from "../../guards/rate-limit.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { requestPasswordReset } from "../../upstream/account.server.ts";
import type { Route } from "./+types/forgot-password";
import { m } from "../../i18n/paraglide/messages.js";

// One field the server checks in one post: no script to download for it (decision 070).
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.account_forgot_title());

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const submission = parseForm(formData, forgotPasswordSchema);
  if (filledHoneypot(formData))
    return replyWithErrors(submission, { formErrors: [HONEYPOT_MESSAGE()] }, { status: 400 });
  if (submission.status !== "success") return replyWithErrors(submission, {});

  const { requestId, clientIp } = context.get(requestInfoContext);
  const locked =
    (await allowAttempt(limits.forgotPasswordByIp, clientIp)) ??
    (await allowAttempt(limits.forgotPasswordByEmail, submission.value.email.toLowerCase()));
  if (locked) return replyWithErrors(submission, { formErrors: [lockedMessage(locked)] }, { status: 429 });
  try {
    await requestPasswordReset(requestId, submission.value.email);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, { fields: ["email"] });
  }
  return redirectWithToast(context, "/login", { type: "success", message: m.account_forgot_sent() });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(forgotPasswordSchema, {
    id: "forgot-password",
    lastResult: actionData?.result,
  });
  return (
    <AuthLayout
      title={m.account_forgot_title()}
      intro={m.account_forgot_intro()}
      footer={
        <p>
          {m.account_forgot_remembered()} <AppLink to="/login">{m.account_register_login_link()}</AppLink>
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.email]} />
        <CsrfField />
        {/* A new answer empties it, with JavaScript too: its message says so. */}
        <HoneypotField key={actionData?.replyId} />
        <Field label={m.account_email()} meta={fields.email} type="email" autoComplete="email" inputMode="email" />
        <SubmitButton>{m.account_forgot_submit()}</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
