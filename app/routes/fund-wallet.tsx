import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { data, Form, redirect, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { forSignedInPage, requireCaller, requireUser } from "../auth.server.ts";
import { sanitizeUpstreamHtml } from "../content/sanitize.server.ts";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CsrfField, ErrorSummary, Field, SubmitButton } from "../components/forms.tsx";
import { useValidatedForm } from "../components/use-validated-form.ts";
import { requireValidCsrf } from "../csrf.server.ts";
import { BANK_TRANSFER_CHARGE_PERCENT, cardFunding } from "../domain/funding.ts";
import { formatNaira } from "../domain/money.ts";
import { cardFundingSchema, manualPaymentSchema, reservedAccountSchema } from "../forms/funding.ts";
import { replyWithErrors, replyWithUpstreamError } from "../forms/reply.server.ts";
import { titleMeta } from "../meta.ts";
import {
  CARD_FUNDING_UNREADABLE,
  GATEWAY_DOWN,
  openCardFunding,
  sealCardFunding,
  startCardFunding,
} from "../purchases/card-payment.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { getSettings } from "../upstream/dashboard.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { createReservedAccount, getManualFundingDetails, reportManualPayment } from "../upstream/funding.server.ts";
import type { Route } from "./+types/fund-wallet";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Fund Wallet");

const METHODS = [
  { value: "card", label: "ATM card" },
  { value: "transfer", label: "Bank transfer" },
  { value: "manual", label: "Manual" },
] as const;
type Method = (typeof METHODS)[number]["value"];

function methodOf(request: Request): Method {
  const value = new URL(request.url).searchParams.get("method");
  return METHODS.find((method) => method.value === value)?.value ?? "card";
}

const PATH = "/dashboard/fund-wallet";
const BANKS = [
  { provider: "sterling", name: "Sterling Bank" },
  { provider: "wema", name: "Wema Bank" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const caller = await requireCaller(request, context);
  const method = methodOf(request);
  const { profile } = user;
  const base = { method, balance: formatNaira(profile.wallet_balance), formKey: randomUUID() };
  if (method === "transfer") {
    const settings = await forSignedInPage(context, getSettings(caller));
    const accounts = { sterling: profile.sterling_account ?? [], wema: profile.wema_account ?? [] };
    return {
      ...base,
      instruction: sanitizeUpstreamHtml(settings.reserved_account_instruction),
      accounts,
      manual: null,
    };
  }
  if (method === "manual") {
    const details = await forSignedInPage(context, getManualFundingDetails(caller));
    return {
      ...base,
      instruction: null,
      accounts: null,
      manual: { description: sanitizeUpstreamHtml(details.description), accounts: details.products },
    };
  }
  return { ...base, instruction: null, accounts: null, manual: null };
}

/** The form's one-time key from the page load, or a new one when it is missing or malformed. */
function postedKey(formData: FormData): string {
  const posted = formData.get("key");
  return typeof posted === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(posted)
    ? posted
    : randomUUID();
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const caller = await requireCaller(request, context);
  const intent = formData.get("intent");
  switch (intent) {
    case "card": {
      const submission = parseWithZod(formData, { schema: cardFundingSchema });
      if (submission.status !== "success") return replyWithErrors(submission, {}, { intent });
      const { user } = await requireUser(request, context);
      const funding = cardFunding(submission.value.amount);
      return data({
        cardFunding: {
          // The page's key: the same form posted again pays under the same reference.
          sealed: sealCardFunding({
            userId: user.id,
            key: postedKey(formData),
            amountKobo: funding.amountKobo,
            issuedAt: Date.now(),
          }),
          amount: formatNaira(funding.amountKobo),
          charge: formatNaira(funding.chargeKobo),
          youGet: formatNaira(funding.youGetKobo),
        },
      });
    }
    case "card-change":
    case "card-pay": {
      const { user } = await requireUser(request, context);
      const funding = openCardFunding(formData.get("funding"), user.id);
      if (funding === null)
        return redirectWithToast(context, PATH, { type: "error", message: CARD_FUNDING_UNREADABLE });
      if (intent === "card-pay") {
        const checkout = await startCardFunding(request, context, user, funding);
        if (checkout) return checkout;
      }
      // Change, or a gateway that could not open a checkout: the form as it was filled.
      const filled = new FormData();
      filled.set("amount", String(funding.amountKobo / 100));
      const refilled = parseWithZod(filled, { schema: cardFundingSchema });
      if (intent === "card-change") return replyWithErrors(refilled, {}, { intent: "card", status: 200 });
      return replyWithErrors(refilled, { formErrors: [GATEWAY_DOWN] }, { intent: "card", status: 503 });
    }
    case "create-account": {
      const submission = parseWithZod(formData, { schema: reservedAccountSchema });
      if (submission.status !== "success") throw data({ reason: "unknown-bank" }, { status: 400 });
      try {
        await createReservedAccount(caller, submission.value.provider);
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind === "unauthenticated")
          return replyWithUpstreamError(submission, error, context);
        // Real providers need a BVN or NIN first; say where to add one.
        const needsKyc = /\b(BVN|NIN)\b/.test(error.message);
        return redirectWithToast(context, `${PATH}?method=transfer`, {
          type: "error",
          message: error.isOutage
            ? "We could not reach our service provider. Please try again in a minute."
            : error.message,
          ...(needsKyc ? { link: { href: "/dashboard/profile#kyc", label: "Add your BVN or NIN" } } : {}),
        });
      }
      return redirectWithToast(context, "/dashboard", {
        type: "success",
        message:
          "Account created successfully, kindly click on fund wallet, choose bank transfer to see your accounts.",
      });
    }
    case "manual": {
      const submission = parseWithZod(formData, { schema: manualPaymentSchema });
      if (submission.status !== "success") return replyWithErrors(submission, {}, { intent });
      const key = postedKey(formData);
      let message: string;
      try {
        message = await reportManualPayment(
          caller,
          {
            paymentName: submission.value.paymentName,
            amountKobo: submission.value.amount,
            bankName: submission.value.bankName,
            paymentType: submission.value.paymentType,
          },
          key,
        );
      } catch (error) {
        return replyWithUpstreamError(submission, error, context, { intent });
      }
      // DESIGN.md §6: a success, shown as one.
      return redirectWithToast(context, `${PATH}?method=manual`, {
        type: "success",
        message: message || "Your payment report has been received.",
      });
    }
    default:
      throw redirect(PATH);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function FundWallet({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Fund Wallet" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      <MethodPicker method={loaderData.method} />
      {loaderData.method === "card" ? <CardSection actionData={actionData} formKey={loaderData.formKey} /> : null}
      {loaderData.method === "transfer" ? <TransferSection loaderData={loaderData} /> : null}
      {loaderData.method === "manual" ? <ManualSection loaderData={loaderData} actionData={actionData} /> : null}
    </>
  );
}

/** Three choices: radio buttons that switch at once with JavaScript, a GET form without. */
function MethodPicker({ method }: { method: Method }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="purchase-form"
      onChange={(event) => void submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <fieldset>
        <legend>How do you want to fund your wallet?</legend>
        {METHODS.map((option) => (
          <label key={option.value}>
            <input type="radio" name="method" value={option.value} defaultChecked={option.value === method} />{" "}
            {option.label}
          </label>
        ))}
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className="secondary">
          Continue
        </button>
      )}
    </Form>
  );
}

function isCardFunding(actionData: ActionData): actionData is Extract<ActionData, { cardFunding: unknown }> {
  return typeof actionData === "object" && actionData !== null && "cardFunding" in actionData;
}

function replyFor(
  actionData: ActionData,
  intent: string,
): { result: SubmissionResult<string[]>; replyId: string } | undefined {
  if (
    typeof actionData !== "object" ||
    actionData === null ||
    !("result" in actionData) ||
    actionData.intent !== intent
  )
    return undefined;
  return actionData;
}

function CardSection({ actionData, formKey }: { actionData: ActionData; formKey: string }) {
  if (isCardFunding(actionData)) {
    const { cardFunding: funding } = actionData;
    return (
      <article className="purchase-confirmation" aria-labelledby="card-confirm-heading">
        <h2 id="card-confirm-heading">Fund with your ATM card</h2>
        <p className="charge-line">
          You get: {funding.amount} - {funding.charge} = <strong>{funding.youGet}</strong>
        </p>
        <p>You will pay {funding.amount} on the card payment page; the 1.5% card charge is kept from it.</p>
        <Form method="post" className="confirmation-actions">
          <CsrfField />
          <input type="hidden" name="funding" value={funding.sealed} />
          <SubmitButton name="intent" value="card-pay">
            Pay with card
          </SubmitButton>
          <SubmitButton name="intent" value="card-change" className="secondary">
            Change
          </SubmitButton>
        </Form>
      </article>
    );
  }
  const reply = replyFor(actionData, "card");
  return <CardForm key={reply?.replyId ?? formKey} lastResult={reply?.result} formKey={formKey} />;
}

function CardForm({ lastResult, formKey }: { lastResult: SubmissionResult<string[]> | undefined; formKey: string }) {
  const hydrated = useHydrated();
  const [form, fields] = useValidatedForm(cardFundingSchema, { id: "card-funding", lastResult });
  const amount = cardFundingSchema.shape.amount.safeParse(fields.amount.value ?? "");
  const funding = amount.success ? cardFunding(amount.data) : null;
  return (
    <section aria-labelledby="card-heading">
      <h2 id="card-heading">ATM card</h2>
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.amount]} />
        <CsrfField />
        <input type="hidden" name="key" value={formKey} />
        <Field
          label="Amount (₦)"
          meta={fields.amount}
          inputMode="decimal"
          autoComplete="off"
          hint="At least ₦100. A 1.5% card charge applies."
        />
        {hydrated && funding ? (
          <p className="charge-line" aria-live="polite">
            You get: {formatNaira(funding.amountKobo)} - {formatNaira(funding.chargeKobo)} ={" "}
            <strong>{formatNaira(funding.youGetKobo)}</strong>
          </p>
        ) : (
          <p className="charge-line">You will see what your wallet gets before you pay.</p>
        )}
        <SubmitButton name="intent" value="card">
          Process
        </SubmitButton>
      </Form>
    </section>
  );
}

function TransferSection({ loaderData }: { loaderData: LoaderData }) {
  const { accounts, instruction } = loaderData;
  return (
    <section aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Bank transfer</h2>
      {instruction ? (
        // Sanitized on the server (app/content/sanitize.server.ts).
        <div className="upstream-html" dangerouslySetInnerHTML={{ __html: instruction }} />
      ) : null}
      <div className="form-grid">
        {BANKS.map((bank) => {
          const list = accounts?.[bank.provider] ?? [];
          return (
            <article key={bank.provider} aria-labelledby={`${bank.provider}-heading`}>
              <h3 id={`${bank.provider}-heading`}>{bank.name}</h3>
              <p>A charge of {BANK_TRANSFER_CHARGE_PERCENT}% applies to every deposit.</p>
              {list.length > 0 ? (
                <dl>
                  {list.map((account) => (
                    <div key={account.accountNumber}>
                      <dt>Account name</dt>
                      <dd>{account.accountName}</dd>
                      <dt>Account number</dt>
                      <dd>{account.accountNumber}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="provider" value={bank.provider} />
                  <SubmitButton
                    name="intent"
                    value="create-account"
                    busyLabel="Please wait! We are creating your account..."
                  >
                    Create Account
                  </SubmitButton>
                </Form>
              )}
            </article>
          );
        })}
      </div>
    </section>
  );
}

function ManualSection({ loaderData, actionData }: { loaderData: LoaderData; actionData: ActionData }) {
  const { manual } = loaderData;
  const reply = replyFor(actionData, "manual");
  return (
    <section aria-labelledby="manual-heading">
      <h2 id="manual-heading">Manual payment</h2>
      {manual?.description ? (
        <div className="upstream-html" dangerouslySetInnerHTML={{ __html: manual.description }} />
      ) : null}
      {manual && manual.accounts.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption>Pay into one of these accounts</caption>
            <thead>
              <tr>
                <th scope="col">Account name</th>
                <th scope="col">Account number</th>
                <th scope="col">Bank</th>
              </tr>
            </thead>
            <tbody>
              {manual.accounts.map((account) => (
                <tr key={`${account.bank}-${account.account}`}>
                  <td>{account.name}</td>
                  <td>{account.account}</td>
                  <td>{account.bank}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {/* A new page load (after a report is received) starts the form empty, as without JavaScript. */}
      <ManualForm key={reply?.replyId ?? loaderData.formKey} lastResult={reply?.result} formKey={loaderData.formKey} />
    </section>
  );
}

/** `formKey` is new with every page load: the same report sent twice is one report. */
function ManualForm({ lastResult, formKey }: { lastResult: SubmissionResult<string[]> | undefined; formKey: string }) {
  const [form, fields] = useValidatedForm(manualPaymentSchema, { id: "manual-payment", lastResult });
  return (
    <article aria-labelledby="manual-form-heading">
      <h3 id="manual-form-heading">Report your payment</h3>
      <Form method="post" className="purchase-form" {...getFormProps(form)}>
        <ErrorSummary form={form} fields={[fields.paymentName, fields.amount, fields.bankName, fields.paymentType]} />
        <CsrfField />
        <input type="hidden" name="key" value={formKey} />
        <Field
          label="Payment name"
          meta={fields.paymentName}
          autoComplete="name"
          hint="The name on the account you paid from"
        />
        <Field label="Amount (₦)" meta={fields.amount} inputMode="decimal" autoComplete="off" />
        <Field label="Bank name" meta={fields.bankName} hint="The bank you paid into" />
        <Field label="Payment type" meta={fields.paymentType} placeholder="USSD, Mobile Transfer, POS" />
        <SubmitButton name="intent" value="manual">
          Submit report
        </SubmitButton>
      </Form>
    </article>
  );
}
