import { parseForm } from "../../forms/submission.ts";
import { Form } from "react-router";
import { endSession, forSignedInPage, requireToken } from "../../session/auth.server.ts";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { CsrfField, ErrorSummary, Field, PhoneField, SubmitButton } from "../../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { personalInfoSchema } from "../../forms/account.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { redirectWithToast } from "../../session/toast.server.ts";
import { getProfile, updatePersonalInfo } from "../../upstream/account.server.ts";
import type { Route } from "./+types/personal-info";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.account_personal_title());

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = await requireToken(request, context);
  const user = await forSignedInPage(context, getProfile(context.get(requestInfoContext).requestId, token));
  return { firstName: user.firstName, lastName: user.lastName, phone: user.profile.phone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const token = await requireToken(request, context);
  const submission = parseForm(formData, personalInfoSchema);
  if (submission.status !== "success") return replyWithErrors(submission, {});
  const { requestId } = context.get(requestInfoContext);
  try {
    await updatePersonalInfo(requestId, token, submission.value);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, { fields: ["firstName", "lastName", "phone"] });
  }
  // Saving personal info ends sign-up at /login; ending the session revokes the sign-up
  // token (decision 064).
  await endSession(context);
  return redirectWithToast(context, "/login", { type: "success", message: m.account_personal_saved() });
}

export default function PersonalInfo({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(personalInfoSchema, {
    id: "personal-info",
    lastResult: actionData?.result,
    defaultValue: loaderData,
  });
  return (
    <AuthLayout title={m.account_personal_title()} intro={m.account_personal_intro()}>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.firstName, fields.lastName, fields.phone]} />
        <CsrfField />
        <Field label={m.account_first_name()} meta={fields.firstName} autoComplete="given-name" />
        <Field label={m.account_last_name()} meta={fields.lastName} autoComplete="family-name" />
        <PhoneField meta={fields.phone} />
        <SubmitButton>{m.account_personal_done()}</SubmitButton>
      </Form>
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
