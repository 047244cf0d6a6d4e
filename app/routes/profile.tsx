import { parseForm, type FormResult } from "../forms/submission.ts";
import type { $ZodType, output } from "zod/v4/core";
import { randomUUID } from "node:crypto";
import { data, Form, type RouterContextProvider, useSearchParams } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { endOtherSession, endOtherSessions, expireSessionOn, signInsOf } from "../session/auth.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, ErrorSummary, Field, PhoneField, SelectField, SubmitButton } from "../components/forms.tsx";
import { getFormProps, useValidatedForm } from "../components/use-validated-form.ts";
import { requireValidCsrf } from "../session/csrf.server.ts";
import { countedCheck, unaskedAnswer } from "../guards/attempts.server.ts";
import { limits } from "../guards/rate-limit.server.ts";
import { requestInfoContext } from "../infra/context.ts";
import { formatDay } from "../domain/dates.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale } from "../i18n/paraglide/runtime.js";
import { userLevelLabel } from "../domain/labels.ts";
import { formatNaira, nairaDecimalText } from "../domain/money.ts";
import { referralLink, referralShareHref } from "../domain/referral.ts";
import { referralCodeFor } from "../settings/referral-codes.server.ts";
import { env } from "../infra/env.server.ts";
import { lowBalanceThreshold, saveLowBalanceThreshold } from "../settings/account-settings.server.ts";
import {
  bankDetailsSchema,
  bvnSchema,
  changePasswordSchema,
  lowBalanceSchema,
  ninSchema,
  type ProfileIntent,
  webhookSchema,
} from "../forms/profile.ts";
import { changePinSchema, setPinSchema } from "../forms/pin.ts";
import { replyWithErrors, replyWithUpstreamError } from "../forms/reply.server.ts";
import { safeRedirectPath } from "../domain/safe-redirect.ts";
import { checkPin, hasPin, pinRefusal, pinRequirement, savePin } from "../pin/pin.server.ts";
import { PinField } from "../components/pin-field.tsx";
import { SignIns } from "../components/sign-ins.tsx";
import { signInSummary } from "../domain/sign-ins.ts";
import { signInWords } from "../session/sign-in-words.server.ts";
import type { PinRequirement } from "../domain/pin.ts";
import { titleMeta } from "../components/meta.ts";
import { signedIn, signedInForPage } from "../session/signed-in.server.ts";
import { redirectWithToast } from "../session/toast.server.ts";
import {
  changePassword,
  getBankList,
  updateBankDetails,
  updateBvn,
  updateNin,
  updateWebhook,
} from "../upstream/dashboard.server.ts";
import { isRefusal, UpstreamError } from "../upstream/errors.ts";
import { ShopSection } from "../components/shop-details-form.tsx";
import { shopDetailsOf } from "../settings/shop.server.ts";
import { saveShop } from "./profile-shop.server.ts";
import type { Route } from "./+types/profile";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_profile());

export async function loader({ request, context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  const [{ user }, banks] = await Promise.all([
    signedInForPage(context),
    // Without the bank list the rest of the page still works; the bank form says so.
    // Not forSignedInPage: it turns an outage into the outage page, the very case meant here.
    getBankList(caller).catch((error: unknown) => {
      if (error instanceof UpstreamError && error.kind !== "unauthenticated") return null;
      return expireSessionOn(error, context);
    }),
  ]);
  const { profile } = user;
  const threshold = await lowBalanceThreshold(user.id);
  const link = referralLink(
    env().PUBLIC_ORIGIN ?? new URL(request.url).origin,
    await referralCodeFor(user.id, user.username),
  );
  const signIns = await signInsOf(context, user.id);
  const words = signInWords();
  return {
    signIns: signIns.map((signIn) => ({
      handle: signIn.handle,
      current: signIn.current,
      address: signIn.address,
      ...signInSummary(signIn, words),
    })),
    hasPin: await hasPin(user.id),
    shop: await shopDetailsOf(user.id),
    lowBalance: threshold === null ? "" : nairaDecimalText(threshold),
    referral: { link, whatsApp: referralShareHref(env().PRODUCT_NAME, link, m.acct_friend_message) },
    pin: await pinRequirement(user.id),
    details: {
      name: `${user.firstName} ${user.lastName}`.trim(),
      walletBalance: formatNaira(profile.walletBalanceKobo),
      phone: profile.phone,
      dateJoined: formatDay(user.dateJoined, getLocale()),
      level: userLevelLabel(user.level),
    },
    bank: { accountName: profile.accountName, accountNumber: profile.accountNumber, bankName: profile.bankName },
    webhookUrl: profile.webhookUrl,
    banks,
    // New each time the page's data loads (first visit, after a saved form), never after a
    // refused one, so the forms below can tell the two apart.
    loadId: randomUUID(),
  };
}

/** One form of the page: validate with its schema, send, and come back with a toast. */
async function submitForm<Schema extends $ZodType>(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  intent: ProfileIntent,
  schema: Schema,
  send: (value: output<Schema>) => Promise<{ message: string }>,
  options: { success: string; hideFields?: string[]; fields?: readonly string[]; pin?: true },
) {
  const submission = parseForm(formData, schema);
  const hideFields = options.pin ? [...(options.hideFields ?? []), "pin"] : options.hideFields;
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields });
  // Checked once the form is right, so a typo elsewhere uses up no try.
  const refused = options.pin ? await pinRefusal(signedIn(context).user.id, formData.get("pin")) : null;
  if (refused !== null) return replyWithErrors(submission, { fieldErrors: { pin: [refused] } }, { intent, hideFields });
  let message: string;
  try {
    message = (await send(submission.value)).message;
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, {
      intent,
      hideFields: options.hideFields,
      fields: options.fields,
    });
  }
  return redirectWithToast(context, "/dashboard/profile", { type: "success", message: message || options.success });
}

const PIN_FIELDS = ["currentPin", "newPin", "confirmPin"];

/** A first PIN; then back to the purchase that asked for one, if one did. */
async function setPin(context: Readonly<RouterContextProvider>, formData: FormData, intent: ProfileIntent) {
  const { user } = signedIn(context);
  const submission = parseForm(formData, setPinSchema(user.profile.phone));
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields: PIN_FIELDS });
  if (await hasPin(user.id)) {
    return replyWithErrors(submission, { formErrors: [m.acct_pin_already()] }, { intent });
  }
  await savePin(user.id, submission.value.newPin);
  const back = safeRedirectPath(formData.get("back"), "/dashboard/profile");
  return redirectWithToast(context, back, { type: "success", message: m.acct_pin_set_done() });
}

async function changePin(context: Readonly<RouterContextProvider>, formData: FormData, intent: ProfileIntent) {
  const { user } = signedIn(context);
  const submission = parseForm(formData, changePinSchema(user.profile.phone));
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields: PIN_FIELDS });
  const check = await checkPin(user.id, submission.value.currentPin);
  if (check.result === "wrong" || check.result === "locked") {
    return replyWithErrors(
      submission,
      { fieldErrors: { currentPin: [check.message] } },
      { intent, hideFields: PIN_FIELDS },
    );
  }
  await savePin(user.id, submission.value.newPin);
  return redirectWithToast(context, "/dashboard/profile", {
    type: "success",
    message: m.acct_pin_changed(),
  });
}

/** The old password is tried as a login is, counted before the upstream is asked (decision 065). */
async function changeOwnPassword(context: Readonly<RouterContextProvider>, formData: FormData, intent: ProfileIntent) {
  const { caller, user } = signedIn(context);
  const submission = parseForm(formData, changePasswordSchema);
  const hideFields = ["oldPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent, hideFields });
  const attempt = await countedCheck(
    {
      wrongTries: [limits.loginFailuresByEmail, user.email.toLowerCase()],
      attempts: [limits.loginByIp, context.get(requestInfoContext).clientIp],
    },
    () => changePassword(caller, submission.value),
    isRefusal,
  );
  if (attempt.result === "locked" || attempt.result === "uncounted") {
    const { message, status } = unaskedAnswer(attempt);
    return replyWithErrors(submission, { formErrors: [message] }, { intent, hideFields, status });
  }
  if (attempt.result === "failed")
    return replyWithUpstreamError(submission, attempt.error, context, { intent, hideFields });
  // A new password signs out every other browser: one that knew the old one is out.
  await endOtherSessions(context, user.id);
  return redirectWithToast(context, "/dashboard/profile", {
    type: "success",
    message: attempt.value.message || m.acct_password_changed(),
  });
}

/** The low-balance warning's threshold: set, changed, or (left empty) turned off. */
async function saveLowBalance(context: Readonly<RouterContextProvider>, formData: FormData, intent: ProfileIntent) {
  const submission = parseForm(formData, lowBalanceSchema);
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent });
  const { threshold } = submission.value;
  await saveLowBalanceThreshold(signedIn(context).user.id, threshold ?? null);
  return redirectWithToast(context, "/dashboard/profile", {
    type: "success",
    message: threshold === undefined ? m.acct_low_off() : m.acct_low_on({ amount: formatNaira(threshold) }),
  });
}

/** Sign out of one other browser, by the handle Profile listed it under. */
async function endSignIn(context: Readonly<RouterContextProvider>, formData: FormData) {
  const handle = formData.get("signIn");
  const ended = typeof handle === "string" && (await endOtherSession(context, signedIn(context).user.id, handle));
  return redirectWithToast(
    context,
    "/dashboard/profile#sign-ins",
    ended
      ? { type: "success", message: m.acct_signins_ended() }
      : { type: "warning", message: m.acct_signins_already() },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const { caller, user } = signedIn(context);
  const intent = formData.get("intent");
  switch (intent) {
    case "change-password":
      return changeOwnPassword(context, formData, intent);
    case "end-sign-in":
      return endSignIn(context, formData);
    case "end-other-sign-ins":
      await endOtherSessions(context, user.id);
      return redirectWithToast(context, "/dashboard/profile#sign-ins", {
        type: "success",
        message: m.acct_signins_others_ended(),
      });
    case "bank-details":
      return submitForm(context, formData, intent, bankDetailsSchema, (value) => updateBankDetails(caller, value), {
        success: m.acct_bank_saved(),
        fields: ["accountName", "accountNumber", "bankName"],
        pin: true,
      });
    case "webhook":
      return submitForm(context, formData, intent, webhookSchema, (value) => updateWebhook(caller, value.webhookUrl), {
        success: m.acct_webhook_saved(),
        fields: ["webhookUrl"],
        pin: true,
      });
    case "bvn":
      return submitForm(context, formData, intent, bvnSchema(), (value) => updateBvn(caller, value), {
        success: m.acct_bvn_saved(),
      });
    case "set-pin":
      return setPin(context, formData, intent);
    case "change-pin":
      return changePin(context, formData, intent);
    case "low-balance":
      return saveLowBalance(context, formData, intent);
    case "shop":
      return saveShop(context, formData);
    case "nin":
      return submitForm(context, formData, intent, ninSchema, (value) => updateNin(caller, value.nin), {
        success: m.acct_nin_saved(),
      });
    default:
      throw data({ reason: "unknown-form" }, { status: 400 });
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const lastResult = (intent: ProfileIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  // Each answer starts its form afresh, as a page load does without JavaScript: a success
  // (the data loads again) empties every form; a refusal restarts only its own form, which
  // drops the fields the server would not send back (passwords).
  const formKey = (intent: ProfileIntent) =>
    `${intent}:${loaderData.loadId}:${actionData?.intent === intent ? actionData.replyId : ""}`;
  const { details } = loaderData;
  return (
    <>
      <PageHeader title={m.dashboard_profile()} />
      <section aria-labelledby="details-heading">
        <h2 id="details-heading">{m.acct_details_heading()}</h2>
        <table>
          <tbody>
            <tr>
              <th scope="row">{m.acct_name()}</th>
              <td>{details.name}</td>
            </tr>
            <tr>
              <th scope="row">{m.acct_wallet_balance()}</th>
              <td>{details.walletBalance}</td>
            </tr>
            <tr>
              <th scope="row">{m.acct_phone()}</th>
              <td>{details.phone}</td>
            </tr>
            <tr>
              <th scope="row">{m.acct_date_joined()}</th>
              <td>{details.dateJoined}</td>
            </tr>
            {details.level ? (
              <tr>
                <th scope="row">{m.acct_level()}</th>
                <td>{details.level}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
      <div className="form-grid">
        <ChangePasswordForm key={formKey("change-password")} lastResult={lastResult("change-password")} />
        <BankDetailsForm
          key={formKey("bank-details")}
          lastResult={lastResult("bank-details")}
          defaults={loaderData.bank}
          banks={loaderData.banks}
          pin={loaderData.pin}
        />
        <WebhookForm
          key={formKey("webhook")}
          lastResult={lastResult("webhook")}
          defaultUrl={loaderData.webhookUrl}
          pin={loaderData.pin}
        />
        {loaderData.hasPin ? (
          <ChangePinForm key={formKey("change-pin")} lastResult={lastResult("change-pin")} phone={details.phone} />
        ) : (
          <SetPinForm key={formKey("set-pin")} lastResult={lastResult("set-pin")} phone={details.phone} />
        )}
        <LowBalanceForm
          key={formKey("low-balance")}
          lastResult={lastResult("low-balance")}
          threshold={loaderData.lowBalance}
        />
      </div>
      <ShopSection shop={loaderData.shop} actionData={actionData} loadId={loaderData.loadId} />
      <SignIns signIns={loaderData.signIns} />
      <BringAFriend {...loaderData.referral} />
      <section id="kyc" aria-labelledby="kyc-heading">
        <h2 id="kyc-heading">{m.acct_kyc_heading()}</h2>
        <p>{m.acct_kyc_intro()}</p>
        <div className="form-grid">
          <BvnForm key={formKey("bvn")} lastResult={lastResult("bvn")} />
          <NinForm key={formKey("nin")} lastResult={lastResult("nin")} />
        </div>
      </section>
    </>
  );
}

type LastResult = FormResult;

function ChangePasswordForm({ lastResult }: { lastResult: LastResult | undefined }) {
  const [form, fields] = useValidatedForm(changePasswordSchema, { id: "change-password", lastResult });
  return (
    <article aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">{m.acct_password_change()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.oldPassword, fields.newPassword, fields.confirmPassword]} />
        <CsrfField />
        <Field
          label={m.acct_password_old()}
          meta={fields.oldPassword}
          type="password"
          autoComplete="current-password"
        />
        <Field label={m.account_new_password()} meta={fields.newPassword} type="password" autoComplete="new-password" />
        <Field
          label={m.account_confirm_password()}
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton name="intent" value="change-password">
          {m.acct_password_change()}
        </SubmitButton>
      </Form>
    </article>
  );
}

function BankDetailsForm({
  lastResult,
  defaults,
  banks,
  pin,
}: {
  lastResult: LastResult | undefined;
  defaults: { accountName: string; accountNumber: string; bankName: string };
  banks: string[] | null;
  pin: PinRequirement;
}) {
  const [form, fields] = useValidatedForm(bankDetailsSchema, {
    id: "bank-details",
    lastResult,
    defaultValue: defaults,
  });
  return (
    <article aria-labelledby="bank-details-heading">
      <h2 id="bank-details-heading">{m.acct_bank_heading()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.accountName, fields.accountNumber, fields.bankName, fields.pin]} />
        <CsrfField />
        <Field label={m.acct_account_name()} meta={fields.accountName} autoComplete="name" />
        <Field
          label={m.acct_account_number()}
          meta={fields.accountNumber}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={10}
          hint={m.acct_account_number_hint()}
        />
        {banks ? (
          <SelectField
            label={m.acct_bank_name()}
            meta={fields.bankName}
            emptyChoice={m.acct_bank_choose()}
            options={banks.map((bank) => ({ value: bank, label: bank }))}
          />
        ) : (
          <>
            <p role="status">
              {m.acct_bank_list_failed()} <a href="/dashboard/profile">{m.error_try_again()}</a>
              {m.acct_bank_list_or_type()}
            </p>
            <Field label={m.acct_bank_name()} meta={fields.bankName} />
          </>
        )}
        <PinField id={fields.pin.id} requirement={pin} errors={fields.pin.errors} setPinHref="#transaction-pin" />
        <SubmitButton name="intent" value="bank-details">
          {m.acct_bank_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}

function WebhookForm({
  lastResult,
  defaultUrl,
  pin,
}: {
  lastResult: LastResult | undefined;
  defaultUrl: string;
  pin: PinRequirement;
}) {
  const [form, fields] = useValidatedForm(webhookSchema, {
    id: "webhook",
    lastResult,
    defaultValue: { webhookUrl: defaultUrl },
  });
  return (
    <article aria-labelledby="webhook-heading">
      <h2 id="webhook-heading">{m.acct_webhook()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.webhookUrl, fields.pin]} />
        <CsrfField />
        <Field
          label={m.acct_webhook()}
          meta={fields.webhookUrl}
          type="url"
          inputMode="url"
          hint={m.acct_webhook_hint()}
        />
        <PinField id={fields.pin.id} requirement={pin} errors={fields.pin.errors} setPinHref="#transaction-pin" />
        <SubmitButton name="intent" value="webhook">
          {m.acct_webhook_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}

const PIN_INPUT = { type: "password", inputMode: "numeric", autoComplete: "off", maxLength: 4 } as const;

/** A first PIN. Arriving from a purchase (?back=…), it goes back there once set. */
function SetPinForm({ lastResult, phone }: { lastResult: LastResult | undefined; phone: string }) {
  const [form, fields] = useValidatedForm(setPinSchema(phone), { id: "set-pin", lastResult });
  const [searchParams] = useSearchParams();
  const back = searchParams.get("back");
  return (
    <article id="transaction-pin" aria-labelledby="set-pin-heading">
      <h2 id="set-pin-heading">{m.acct_pin_heading()}</h2>
      <p>{m.acct_pin_set_intro()}</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.newPin, fields.confirmPin]} />
        <CsrfField />
        {back === null ? null : <input type="hidden" name="back" value={back} />}
        <Field label={m.acct_pin_new()} meta={fields.newPin} {...PIN_INPUT} hint={m.acct_pin_hint()} />
        <Field label={m.acct_pin_confirm()} meta={fields.confirmPin} {...PIN_INPUT} />
        <SubmitButton name="intent" value="set-pin">
          {m.acct_pin_set()}
        </SubmitButton>
      </Form>
    </article>
  );
}

function ChangePinForm({ lastResult, phone }: { lastResult: LastResult | undefined; phone: string }) {
  const [form, fields] = useValidatedForm(changePinSchema(phone), { id: "change-pin", lastResult });
  return (
    <article id="transaction-pin" aria-labelledby="change-pin-heading">
      <h2 id="change-pin-heading">{m.acct_pin_heading()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.currentPin, fields.newPin, fields.confirmPin]} />
        <CsrfField />
        <Field label={m.acct_pin_current()} meta={fields.currentPin} {...PIN_INPUT} />
        <Field label={m.acct_pin_new()} meta={fields.newPin} {...PIN_INPUT} hint={m.acct_pin_hint()} />
        <Field label={m.acct_pin_confirm()} meta={fields.confirmPin} {...PIN_INPUT} />
        <SubmitButton name="intent" value="change-pin">
          {m.acct_pin_change()}
        </SubmitButton>
      </Form>
      <p>
        <AppLink to="/dashboard/profile/forgot-pin">{m.acct_pin_forgot()}</AppLink>
      </p>
    </article>
  );
}

/** A warning on the dashboard and the product pages below an amount the person sets (decision 052). */
function LowBalanceForm({ lastResult, threshold }: { lastResult: LastResult | undefined; threshold: string }) {
  const [form, fields] = useValidatedForm(lowBalanceSchema, {
    id: "low-balance",
    lastResult,
    defaultValue: { threshold },
  });
  return (
    <article id="low-balance-warning" aria-labelledby="low-balance-heading">
      <h2 id="low-balance-heading">{m.acct_low_heading()}</h2>
      <p>{m.acct_low_intro()}</p>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.threshold]} />
        <CsrfField />
        <Field
          label={m.acct_low_label()}
          meta={fields.threshold}
          inputMode="decimal"
          autoComplete="off"
          hint={m.acct_low_hint()}
        />
        <SubmitButton name="intent" value="low-balance">
          {m.acct_low_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}

/** The person's own sign-up link to pass on, as text to copy and as a WhatsApp message. */
function BringAFriend({ link, whatsApp }: { link: string; whatsApp: string }) {
  return (
    <section aria-labelledby="bring-a-friend-heading">
      <h2 id="bring-a-friend-heading">{m.acct_friend_heading()}</h2>
      <p>{m.acct_friend_intro()}</p>
      <p className="referral-link">{link}</p>
      <p>
        <a className="button secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
          {m.acct_friend_share()}
        </a>
      </p>
    </section>
  );
}

function BvnForm({ lastResult }: { lastResult: LastResult | undefined }) {
  const [form, fields] = useValidatedForm(bvnSchema(), { id: "bvn", lastResult });
  return (
    <article aria-labelledby="bvn-heading">
      <h3 id="bvn-heading">BVN</h3>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.bvn, fields.name, fields.dob, fields.phone]} />
        <CsrfField />
        <Field
          label="BVN"
          meta={fields.bvn}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={11}
          autoComplete="off"
          hint={m.acct_eleven_digits()}
        />
        <Field label={m.acct_bvn_name()} meta={fields.name} autoComplete="name" />
        <Field label={m.acct_bvn_dob()} meta={fields.dob} type="date" autoComplete="bday" />
        <PhoneField meta={fields.phone} label={m.acct_bvn_phone()} />
        <SubmitButton name="intent" value="bvn">
          {m.acct_bvn_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}

function NinForm({ lastResult }: { lastResult: LastResult | undefined }) {
  const [form, fields] = useValidatedForm(ninSchema, { id: "nin", lastResult });
  return (
    <article aria-labelledby="nin-heading">
      <h3 id="nin-heading">NIN</h3>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.nin]} />
        <CsrfField />
        <Field
          label="NIN"
          meta={fields.nin}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={11}
          autoComplete="off"
          hint={m.acct_eleven_digits()}
        />
        <SubmitButton name="intent" value="nin">
          {m.acct_nin_save()}
        </SubmitButton>
      </Form>
    </article>
  );
}
