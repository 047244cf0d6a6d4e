import { parseForm } from "../../forms/submission.ts";
import type { ClipboardEvent, FormEvent } from "react";
import { Form, redirect } from "react-router";
import { allowAttempt, countedCheck, unaskedAnswer } from "../../guards/attempts.server.ts";
import { forSignedInPage, requireToken } from "../../session/auth.server.ts";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { GeneralErrorBoundary } from "../../components/error-boundary.tsx";
import { CsrfField, ErrorList, SubmitButton } from "../../components/forms.tsx";
import { getFormProps, getInputProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { otpSchema } from "../../forms/account.ts";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { limits, lockedMessage } from "../../guards/rate-limit.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { getProfile, resendOtp, verifyOtp } from "../../upstream/account.server.ts";
import { outboxReaderCookie } from "../../upstream/sandbox-outbox.server.ts";
import { isRefusal, UpstreamError } from "../../upstream/errors.ts";
import type { Route } from "./+types/otp";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.account_otp_title());

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = await requireToken(request, context);
  const user = await forSignedInPage(context, getProfile(context.get(requestInfoContext).requestId, token));
  if (user.profile.otpVerified) throw redirect("/dashboard");
  return { email: user.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const token = await requireToken(request, context);
  const { requestId, clientIp } = context.get(requestInfoContext);
  const submission = parseForm(formData, otpSchema);

  let account: string;
  try {
    account = (await getProfile(requestId, token)).email.toLowerCase();
  } catch (error) {
    return replyWithUpstreamError(submission, error, context);
  }

  if (formData.get("intent") === "resend") {
    const locked =
      (await allowAttempt(limits.resendOtpByIp, clientIp)) ?? (await allowAttempt(limits.resendOtpByAccount, account));
    if (locked) return replyWithErrors(submission, { formErrors: [lockedMessage(locked)] }, { status: 429 });
    try {
      await resendOtp(requestId, token);
    } catch (error) {
      return replyWithUpstreamError(submission, error, context);
    }
    // Signed in as the account, this browser may read the code it asked for on the sandbox (decision 069).
    const reader = outboxReaderCookie(request, context.get(requestInfoContext).secure, account);
    const headers = reader === null ? undefined : { headers: { "Set-Cookie": reader } };
    return redirectWithToast(context, "/otp", { type: "success", message: m.account_otp_resent() }, headers);
  }

  // A wrong code is not sent back: the user types a fresh one into empty boxes.
  const hideFields = ["digit1", "digit2", "digit3", "digit4"];
  if (submission.status !== "success") return replyWithErrors(submission, {}, { hideFields });
  // Counted before the upstream is asked (decision 065): five wrong codes at once are five.
  const attempt = await countedCheck(
    { wrongTries: [limits.otpFailuresByAccount, account], attempts: [limits.otpByIp, clientIp] },
    () => verifyOtp(requestId, token, submission.value.otp),
    isRefusal,
  );
  if (attempt.result === "locked" || attempt.result === "uncounted") {
    const { message, status } = unaskedAnswer(attempt);
    // A code that was not tried comes back as typed.
    return replyWithErrors(
      submission,
      { formErrors: [message] },
      attempt.result === "locked" ? { hideFields, status } : { status },
    );
  }
  if (attempt.result === "failed") {
    // A code the upstream could not judge (down, busy) is not wrong: it comes back as typed.
    const judged = !(attempt.error instanceof UpstreamError && attempt.error.isTemporary);
    return replyWithUpstreamError(submission, attempt.error, context, judged ? { hideFields } : {});
  }
  throw redirect("/personal-info");
}

const DIGITS = ["digit1", "digit2", "digit3", "digit4"] as const;

/** The boxes of the fieldset `input` is in, filled from `code` one digit each; focus on the last filled. */
function spread(input: HTMLInputElement, code: string) {
  const inputs = input.closest("fieldset")?.querySelectorAll("input") ?? [];
  inputs.forEach((box, index) => {
    box.value = code[index] ?? "";
  });
  inputs[Math.min(code.length, DIGITS.length) - 1]?.focus();
}

/**
 * With JavaScript: typing a digit moves on to the next box; a whole code put into the first
 * box (a phone's one-time-code autofill) is spread over the four.
 */
function moveForward(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D/g, "");
  if (input.name === DIGITS[0] && digits.length >= DIGITS.length) {
    spread(input, digits.slice(0, DIGITS.length));
    return;
  }
  input.value = digits.slice(-1);
  if (input.value) {
    const position = DIGITS.findIndex((digit) => digit === input.name);
    input.closest("fieldset")?.querySelectorAll("input")[position + 1]?.focus();
  }
}

/** With JavaScript: pasting the four-digit code fills every box. */
function fillFromPaste(event: ClipboardEvent<HTMLInputElement>) {
  const code = event.clipboardData.getData("text").replace(/\D/g, "").slice(0, DIGITS.length);
  if (code.length < 2) return;
  event.preventDefault();
  spread(event.currentTarget, code);
}

export default function Otp({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useValidatedForm(otpSchema, {
    id: "otp",
    lastResult: actionData?.result,
    validateOnSubmitOnly: true,
  });
  const errors = [...(form.errors ?? []), ...DIGITS.flatMap((digit) => fields[digit].errors ?? [])];
  return (
    <AuthLayout title={m.account_otp_title()} intro={m.account_otp_intro({ email: loaderData.email })}>
      <Form method="post" {...getFormProps(form)}>
        <CsrfField />
        <fieldset className="otp-boxes" aria-describedby={errors.length > 0 ? form.errorId : undefined}>
          <legend>{m.account_otp_legend()}</legend>
          {DIGITS.map((digit, index) => {
            const props = getInputProps(fields[digit], { type: "text", ariaAttributes: false });
            return (
              <input
                key={digit}
                {...props}
                aria-label={m.account_otp_digit({ position: index + 1 })}
                aria-invalid={errors.length > 0 || undefined}
                inputMode="numeric"
                // The first box also takes the whole code, pasted or autofilled without JavaScript.
                pattern={index === 0 ? "[0-9]|[0-9]{4}" : "[0-9]"}
                maxLength={index === 0 ? DIGITS.length : 1}
                autoComplete={index === 0 ? "one-time-code" : "off"}
                onInput={moveForward}
                onPaste={fillFromPaste}
              />
            );
          })}
        </fieldset>
        <div role="alert">
          <ErrorList id={form.errorId} errors={[...new Set(errors)]} />
        </div>
        <SubmitButton name="intent" value="verify">
          {m.account_otp_submit()}
        </SubmitButton>
      </Form>
      <Form method="post" className="inline-form">
        <CsrfField />
        <p>
          {m.account_otp_not_received()}{" "}
          <button type="submit" name="intent" value="resend" className="link-button">
            {m.account_otp_resend()}
          </button>
        </p>
      </Form>
    </AuthLayout>
  );
}

/** A refused post (an expired form, a bot) keeps the product's name in its title: see GeneralErrorBoundary. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
