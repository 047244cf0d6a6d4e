import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { PageHeader } from "../../../components/dashboard-shell.tsx";
import { titleMeta } from "../../../components/meta.ts";
import { formatDay } from "../../../domain/dates.ts";
import { userLevelLabel } from "../../../domain/labels.ts";
import { formatNaira } from "../../../domain/money.ts";
import type { ProfileIntent } from "../../../forms/profile.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { getLocale } from "../../../i18n/paraglide/runtime.js";
import { hasPin, pinRequirementOf } from "../../../pin/pin.server.ts";
import { requireValidCsrf } from "../../../session/csrf.server.ts";
import { signedIn, signedInForPage } from "../../../session/signed-in.server.ts";
import { shopDetailsOf } from "../../../settings/shop.server.ts";
import type { Route } from "./+types/route";
import { BankDetailsForm } from "./bank-details.tsx";
import { bankChoices, saveBankDetails } from "./bank-details.server.ts";
import { AccountDetails } from "./details.tsx";
import type { ProfileAction } from "./form-action.server.ts";
import { BvnForm, KycSection, NinForm } from "./kyc.tsx";
import { saveBvn, saveNin } from "./kyc.server.ts";
import { LowBalanceForm } from "./low-balance.tsx";
import { lowBalanceText, saveLowBalance } from "./low-balance.server.ts";
import { ChangePasswordForm } from "./password.tsx";
import { changeOwnPassword } from "./password.server.ts";
import { BringAFriend } from "./referral.tsx";
import { referralFor } from "./referral.server.ts";
import { ShopSection } from "./shop.tsx";
import { saveShop } from "./shop.server.ts";
import { SignIns } from "./sign-ins.tsx";
import { endOtherSignIns, endSignIn, signInRows } from "./sign-ins.server.ts";
import { ChangePinForm, SetPinForm } from "./transaction-pin.tsx";
import { changePin, setPin } from "./transaction-pin.server.ts";
import { WebhookForm } from "./webhook.tsx";
import { saveWebhook } from "./webhook.server.ts";

// Profile: one page of settings, each form a module of this folder with its server half
// beside it (docs/layout.md, "Adding a Profile form"; decision 087).

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_profile());

export async function loader({ request, context }: Route.LoaderArgs) {
  // The account's id and username never change in a request; what a form may have just
  // changed (the bank details, the webhook) comes from signedInForPage.
  const { caller, user: account } = signedIn(context);
  const [{ user }, banks, lowBalance, referral, signIns, pinSet, shop] = await Promise.all([
    signedInForPage(context),
    bankChoices(context, caller),
    lowBalanceText(account.id),
    referralFor(request, account),
    signInRows(context, account.id),
    hasPin(account.id),
    shopDetailsOf(account.id),
  ]);
  const { profile } = user;
  return {
    details: {
      name: `${user.firstName} ${user.lastName}`.trim(),
      walletBalance: formatNaira(profile.walletBalanceKobo),
      phone: profile.phone,
      dateJoined: formatDay(user.dateJoined, getLocale()),
      level: userLevelLabel(user.level),
    },
    bank: { accountName: profile.accountName, accountNumber: profile.accountNumber, bankName: profile.bankName },
    banks,
    webhookUrl: profile.webhookUrl,
    hasPin: pinSet,
    pin: pinRequirementOf(pinSet),
    lowBalance,
    shop,
    signIns,
    referral,
    // New each time the page's data loads (first visit, after a saved form), never after a
    // refused one, so the forms below can tell the two apart.
    loadId: randomUUID(),
  };
}

/** Each form's action by the `intent` its submit button posts: a new form is one more row. */
const actions = {
  "change-password": changeOwnPassword,
  "bank-details": saveBankDetails,
  webhook: saveWebhook,
  "set-pin": setPin,
  "change-pin": changePin,
  "low-balance": saveLowBalance,
  shop: saveShop,
  "end-sign-in": endSignIn,
  "end-other-sign-ins": endOtherSignIns,
  bvn: saveBvn,
  nin: saveNin,
} satisfies Record<string, ProfileAction>;

function isIntent(intent: FormDataEntryValue | null): intent is keyof typeof actions {
  return typeof intent === "string" && Object.hasOwn(actions, intent);
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const intent = formData.get("intent");
  if (!isIntent(intent)) throw data({ reason: "unknown-form" }, { status: 400 });
  return actions[intent](context, formData);
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
      <AccountDetails details={details} />
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
      <ShopSection shop={loaderData.shop} formKey={formKey("shop")} lastResult={lastResult("shop")} />
      <SignIns signIns={loaderData.signIns} />
      <BringAFriend {...loaderData.referral} />
      <KycSection>
        <BvnForm key={formKey("bvn")} lastResult={lastResult("bvn")} />
        <NinForm key={formKey("nin")} lastResult={lastResult("nin")} />
      </KycSection>
    </>
  );
}
