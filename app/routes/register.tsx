import { getFormProps } from "@conform-to/react";
import { parseForm } from "../forms/submission.ts";
import { Form, redirect } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { allowAttempt } from "../guards/attempts.server.ts";
import { startSession } from "../session/auth.server.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../components/error-boundary.tsx";
import {
  CsrfField,
  ErrorSummary,
  Field,
  PhoneField,
  HoneypotField,
  SelectField,
  SubmitButton,
} from "../components/forms.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { requestInfoContext } from "../infra/context.ts";
import { requireValidCsrf } from "../session/csrf.server.ts";
import { HEAR_ABOUT_US, registerSchema } from "../forms/account.ts";
import { replyWithErrors, replyWithUpstreamError } from "../forms/reply.server.ts";
import { filledHoneypot, HONEYPOT_MESSAGE } from "../guards/honeypot.server.ts";
import { titleMeta } from "../components/meta.ts";
import { limits, lockedMessage } from "../guards/rate-limit.server.ts";
import { getProfile, login, register } from "../upstream/account.server.ts";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Create your account");

const HIDDEN = ["password", "confirmPassword"];

/** The fields an upstream refusal can be shown beside (app/upstream names them as this form does). */
const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword", "phone", "referral", "hearUs"];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const submission = parseForm(formData, registerSchema);
  if (filledHoneypot(formData))
    return replyWithErrors(submission, { formErrors: [HONEYPOT_MESSAGE] }, { hideFields: HIDDEN, status: 400 });
  if (submission.status !== "success") return replyWithErrors(submission, {}, { hideFields: HIDDEN });

  const { requestId, clientIp } = context.get(requestInfoContext);
  const locked =
    (await allowAttempt(limits.registerByIp, clientIp)) ??
    (await allowAttempt(limits.registerByEmail, submission.value.email.toLowerCase()));
  if (locked)
    return replyWithErrors(submission, { formErrors: [lockedMessage(locked)] }, { hideFields: HIDDEN, status: 429 });

  const form = submission.value;
  try {
    await register(requestId, { ...form, referral: form.referral ?? "", hearUs: form.hearUs ?? "" });
    // SPEC.md §4: a successful registration logs in at once and asks for the OTP.
    const token = await login(requestId, form.email, form.password);
    await startSession(context, token, (await getProfile(requestId, token)).id);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, { hideFields: HIDDEN, fields: FIELDS });
  }
  throw redirect("/otp");
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(registerSchema, { id: "register", lastResult: actionData?.result });
  return (
    <AuthLayout
      title="Create your account"
      intro="It takes a minute. We send a 4-digit code to your e-mail to confirm it is yours."
      footer={
        <p>
          Already have an account? <AppLink to="/login">Login</AppLink>
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary
          form={form}
          fields={[
            fields.firstName,
            fields.lastName,
            fields.email,
            fields.phone,
            fields.password,
            fields.confirmPassword,
            fields.hearUs,
            fields.referral,
          ]}
        />
        <CsrfField />
        {/* A new answer empties it, with JavaScript too: its message says so. */}
        <HoneypotField key={actionData?.replyId} />
        <div className="grid">
          <Field label="First name" meta={fields.firstName} autoComplete="given-name" />
          <Field label="Last name" meta={fields.lastName} autoComplete="family-name" />
        </div>
        <Field label="Email" meta={fields.email} type="email" autoComplete="email" inputMode="email" />
        <PhoneField meta={fields.phone} />
        <Field label="Password" meta={fields.password} type="password" autoComplete="new-password" />
        <Field label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <SelectField
          label="How did you hear about us"
          meta={fields.hearUs}
          emptyChoice="Choose one (optional)"
          options={HEAR_ABOUT_US.map((option) => ({ value: option, label: option }))}
        />
        <Field
          label="Referral (optional)"
          meta={fields.referral}
          autoComplete="off"
          hint="The e-mail or username of whoever referred you"
        />
        <SubmitButton>Create account</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
