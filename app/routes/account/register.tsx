import { parseForm } from "../../forms/submission.ts";
import { Form, redirect } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { allowAttempt } from "../../guards/attempts.server.ts";
import { startSession } from "../../session/auth.server.ts";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import {
  CsrfField,
  ErrorSummary,
  Field,
  PhoneField,
  HoneypotField,
  SelectField,
  SubmitButton,
} from "../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { HEAR_ABOUT_US, registerSchema } from "../../forms/account.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { filledHoneypot, HONEYPOT_MESSAGE } from "../../guards/honeypot.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { referralFromQuery } from "../../domain/referral.ts";
import { referrerNamed } from "../../settings/referral-codes.server.ts";
import { limits, lockedMessage } from "../../guards/rate-limit.server.ts";
import { getProfile, login, register } from "../../upstream/account.server.ts";
import { outboxReaderCookie } from "../../upstream/sandbox-outbox.server.ts";
import type { Route } from "./+types/register";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.account_register_title());

const HIDDEN = ["password", "confirmPassword"];

/** The answers as the page words them; the upstream gets the English value. */
const HEAR_ABOUT_US_LABELS: Record<(typeof HEAR_ABOUT_US)[number], () => string> = {
  "Friend or family": m.account_hear_friend,
  "Social media": m.account_hear_social,
  "Search engine": m.account_hear_search,
  "Radio or TV": m.account_hear_radio,
  "Agent or reseller": m.account_hear_agent,
  Other: m.account_hear_other,
};

/** The fields an upstream refusal can be shown beside (app/upstream names them as this form does). */
const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword", "phone", "referral", "hearUs"];

/** A friend's link, /register?ref=THEIR-CODE, fills in Referral (decision 081); the person can change it. */
export function loader({ request }: Route.LoaderArgs) {
  return { referral: referralFromQuery(new URL(request.url).searchParams) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const submission = parseForm(formData, registerSchema);
  if (filledHoneypot(formData))
    return replyWithErrors(submission, { formErrors: [HONEYPOT_MESSAGE()] }, { hideFields: HIDDEN, status: 400 });
  if (submission.status !== "success") return replyWithErrors(submission, {}, { hideFields: HIDDEN });

  const { requestId, clientIp } = context.get(requestInfoContext);
  const locked =
    (await allowAttempt(limits.registerByIp, clientIp)) ??
    (await allowAttempt(limits.registerByEmail, submission.value.email.toLowerCase()));
  if (locked)
    return replyWithErrors(submission, { formErrors: [lockedMessage(locked)] }, { hideFields: HIDDEN, status: 429 });

  const form = submission.value;
  try {
    const referral = await referrerNamed(form.referral ?? "");
    await register(requestId, { ...form, referral, hearUs: form.hearUs ?? "" });
    // A successful registration logs in at once and asks for the OTP.
    const token = await login(requestId, form.email, form.password);
    await startSession(context, token, (await getProfile(requestId, token)).id);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, { hideFields: HIDDEN, fields: FIELDS });
  }
  // On the sandbox this browser may now read the new account's mails (decision 069).
  const reader = outboxReaderCookie(request, context.get(requestInfoContext).secure, form.email);
  throw redirect("/otp", reader === null ? undefined : { headers: { "Set-Cookie": reader } });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(registerSchema, {
    id: "register",
    lastResult: actionData?.result,
    defaultValue: loaderData.referral ? { referral: loaderData.referral } : undefined,
  });
  return (
    <AuthLayout
      title={m.account_register_title()}
      intro={m.account_register_intro()}
      footer={
        <p>
          {m.account_register_have_account()} <AppLink to="/login">{m.account_register_login_link()}</AppLink>
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
          <Field label={m.account_first_name()} meta={fields.firstName} autoComplete="given-name" />
          <Field label={m.account_last_name()} meta={fields.lastName} autoComplete="family-name" />
        </div>
        <Field label={m.account_email()} meta={fields.email} type="email" autoComplete="email" inputMode="email" />
        <PhoneField meta={fields.phone} />
        <Field label={m.account_password()} meta={fields.password} type="password" autoComplete="new-password" />
        <Field
          label={m.account_confirm_password()}
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <SelectField
          label={m.account_hear_us()}
          meta={fields.hearUs}
          emptyChoice={m.account_hear_us_empty()}
          options={HEAR_ABOUT_US.map((option) => ({ value: option, label: HEAR_ABOUT_US_LABELS[option]() }))}
        />
        <Field
          label={m.account_referral()}
          meta={fields.referral}
          autoComplete="off"
          hint={m.account_referral_hint()}
        />
        <SubmitButton>{m.account_register_submit()}</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
