import { Form } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../../components/forms.tsx";
import { titleMeta } from "../../components/meta.ts";
import { getFormProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { forgotPinSchema } from "../../forms/pin.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { parseForm } from "../../forms/submission.ts";
import { countedCheck, unaskedAnswer } from "../../guards/attempts.server.ts";
import { limits } from "../../guards/rate-limit.server.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { savePin } from "../../pin/pin.server.ts";
import { revokeToken } from "../../session/auth.server.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { signedIn } from "../../session/signed-in.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { login } from "../../upstream/account.server.ts";
import { isRefusal } from "../../upstream/errors.ts";
import type { Route } from "./+types/forgot-pin";
import { m } from "../../i18n/paraglide/messages.js";

// A forgotten transaction PIN is replaced after the account's password (decision 056): checked
// by the upstream's login call, with the same lock on wrong passwords as signing in.

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.buy_forgot_pin_title());

const HIDDEN = ["password", "newPin", "confirmPin"];

export async function loader({ context }: Route.LoaderArgs) {
  return { phone: signedIn(context).user.profile.phone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const { user } = signedIn(context);
  const submission = parseForm(formData, forgotPinSchema(user.profile.phone));
  if (submission.status !== "success") return replyWithErrors(submission, {}, { hideFields: HIDDEN });

  const { requestId, clientIp } = context.get(requestInfoContext);
  // The password is tried as a login is, counted before the upstream is asked (decision 065).
  const attempt = await countedCheck(
    { wrongTries: [limits.loginFailuresByEmail, user.email.toLowerCase()], attempts: [limits.loginByIp, clientIp] },
    () => login(requestId, user.email, submission.value.password),
    isRefusal,
  );
  if (attempt.result === "locked" || attempt.result === "uncounted") {
    const { message, status } = unaskedAnswer(attempt);
    return replyWithErrors(submission, { formErrors: [message] }, { hideFields: HIDDEN, status });
  }
  if (attempt.result === "failed") {
    if (!isRefusal(attempt.error))
      return replyWithUpstreamError(submission, attempt.error, context, { hideFields: HIDDEN });
    return replyWithErrors(
      submission,
      { fieldErrors: { password: [m.buy_not_your_password()] } },
      { hideFields: HIDDEN },
    );
  }
  // The check signed in a second time: that token is revoked at once, or later (decision 064).
  await revokeToken(context, attempt.value);
  await savePin(user.id, submission.value.newPin);
  return redirectWithToast(context, "/dashboard/profile", {
    type: "success",
    message: m.buy_pin_changed(),
  });
}

export default function ForgotPin({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(forgotPinSchema(loaderData.phone), {
    id: "forgot-pin",
    lastResult: actionData?.result,
  });
  return (
    <>
      <PageHeader title={m.buy_forgot_pin_title()} />
      <p>{m.buy_forgot_pin_intro()}</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.password, fields.newPin, fields.confirmPin]} />
        <CsrfField />
        <Field label={m.account_password()} meta={fields.password} type="password" autoComplete="current-password" />
        <Field
          label={m.buy_new_pin()}
          meta={fields.newPin}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
        />
        <Field
          label={m.buy_confirm_pin()}
          meta={fields.confirmPin}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
        />
        <SubmitButton>{m.buy_set_new_pin()}</SubmitButton>
      </Form>
      <p>
        <AppLink to="/dashboard/profile">{m.buy_back_to_profile()}</AppLink>
      </p>
    </>
  );
}
