import { parseForm } from "../../forms/submission.ts";
import { Form } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { allowAttempt } from "../../guards/attempts.server.ts";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { resetPasswordSchema } from "../../forms/account.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { limits, lockedMessage } from "../../guards/rate-limit.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { resetPassword } from "../../upstream/account.server.ts";
import type { Route } from "./+types/reset-password";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.account_reset_title());

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

const HIDDEN = ["newPassword", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const submission = parseForm(formData, resetPasswordSchema);
  if (submission.status !== "success") return replyWithErrors(submission, {}, { hideFields: HIDDEN });
  const { requestId, clientIp } = context.get(requestInfoContext);
  const locked = await allowAttempt(limits.resetPasswordByIp, clientIp);
  if (locked)
    return replyWithErrors(submission, { formErrors: [lockedMessage(locked)] }, { hideFields: HIDDEN, status: 429 });
  try {
    await resetPassword(requestId, submission.value);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, { hideFields: HIDDEN });
  }
  return redirectWithToast(context, "/login", { type: "success", message: m.account_reset_done() });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(resetPasswordSchema, {
    id: "reset-password",
    lastResult: actionData?.result,
  });
  if (!loaderData.token) {
    return (
      <AuthLayout title={m.account_reset_title()}>
        <p>{m.account_reset_incomplete()}</p>
        <p>
          <AppLink to="/forgot-password">{m.account_reset_new_link()}</AppLink>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={m.account_reset_title()} intro={m.account_reset_intro()}>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.newPassword, fields.confirmPassword]} />
        <CsrfField />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field label={m.account_new_password()} meta={fields.newPassword} type="password" autoComplete="new-password" />
        <Field
          label={m.account_confirm_password()}
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton>{m.account_reset_submit()}</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
