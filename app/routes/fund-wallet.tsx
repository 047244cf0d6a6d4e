import { parseForm } from "../forms/submission.ts";
import { randomUUID } from "node:crypto";
import { Form, redirect, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { PageHeader } from "../components/dashboard-shell.tsx";
import { CardSection } from "../components/funding/card.tsx";
import type { FormReply } from "../components/funding/form-reply.ts";
import { ManualSection } from "../components/funding/manual.tsx";
import { TransferSection } from "../components/funding/transfer.tsx";
import { requireValidCsrf } from "../session/csrf.server.ts";
import { formatNaira } from "../domain/money.ts";
import { formKey } from "../forms/form-key.ts";
import { cardFundingSchema } from "../forms/funding.ts";
import { replyWithErrors } from "../forms/reply.server.ts";
import { confirmCardFunding, payOrChangeCardFunding } from "../funding/card.server.ts";
import { loadManual, reportManual } from "../funding/manual.server.ts";
import { createAccount, loadTransfer } from "../funding/transfer.server.ts";
import { titleMeta } from "../components/meta.ts";
import { signedIn, signedInForPage } from "../session/signed-in.server.ts";
import type { Route } from "./+types/fund-wallet";

// The Fund Wallet page: which method, and the dispatch of each method's form to its module
// (app/funding/*.server.ts on the server, app/components/funding/*.tsx on the page).

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

export async function loader({ request, context }: Route.LoaderArgs) {
  const method = methodOf(request);
  // The method's own upstream call, if it has one, alongside the user.
  const [{ user }, transfer, manual] = await Promise.all([
    signedInForPage(context),
    method === "transfer" ? loadTransfer(context) : null,
    method === "manual" ? loadManual(context, signedIn(context).caller) : null,
  ]);
  return { method, balance: formatNaira(user.profile.walletBalanceKobo), formKey: randomUUID(), transfer, manual };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const { user, caller } = signedIn(context);
  const intent = formData.get("intent");
  switch (intent) {
    case "card": {
      const submission = parseForm(formData, cardFundingSchema);
      if (submission.status !== "success") return replyWithErrors(submission, {}, { intent });
      return confirmCardFunding(user, submission.value.amount, formKey(formData));
    }
    case "card-change":
    case "card-pay": {
      return payOrChangeCardFunding(request, context, user, intent, formData.get("funding"), PATH);
    }
    case "create-account":
      return createAccount(context, caller, formData, `${PATH}?method=transfer`);
    case "manual":
      return reportManual(context, caller, formData, `${PATH}?method=manual`);
    default:
      throw redirect(PATH);
  }
}

type ActionData = Route.ComponentProps["actionData"];

function cardFundingOf(actionData: ActionData) {
  return typeof actionData === "object" && actionData !== null && "cardFunding" in actionData
    ? actionData.cardFunding
    : null;
}

function replyFor(actionData: ActionData, intent: string): FormReply | undefined {
  if (
    typeof actionData !== "object" ||
    actionData === null ||
    !("result" in actionData) ||
    actionData.intent !== intent
  )
    return undefined;
  return actionData;
}

export default function FundWallet({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Fund Wallet" />
      <p>
        Wallet balance: <strong>{loaderData.balance}</strong>
      </p>
      <MethodPicker method={loaderData.method} />
      {loaderData.method === "card" ? (
        <CardSection
          confirmation={cardFundingOf(actionData)}
          reply={replyFor(actionData, "card")}
          formKey={loaderData.formKey}
        />
      ) : null}
      {loaderData.method === "transfer" ? <TransferSection transfer={loaderData.transfer} /> : null}
      {loaderData.method === "manual" ? (
        <ManualSection manual={loaderData.manual} reply={replyFor(actionData, "manual")} formKey={loaderData.formKey} />
      ) : null}
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
