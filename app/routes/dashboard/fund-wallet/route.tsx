import { parseForm } from "../../../forms/submission.ts";
import { randomUUID } from "node:crypto";
import { Form, redirect, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { AppLink } from "../../../components/app-link.tsx";
import { PageHeader } from "../../../components/dashboard-shell.tsx";
import { CardSection } from "./card.tsx";
import type { FormReply } from "./form-reply.ts";
import { ManualSection } from "./manual.tsx";
import { TransferSection } from "./transfer.tsx";
import { requireValidCsrf } from "../../../session/csrf.server.ts";
import { formatNaira } from "../../../domain/money.ts";
import { safeRedirectPath } from "../../../domain/safe-redirect.ts";
import { formKey } from "../../../forms/form-key.ts";
import { cardFundingSchema } from "../../../forms/funding.ts";
import { replyWithErrors } from "../../../forms/reply.server.ts";
import { confirmCardFunding, payOrChangeCardFunding } from "../../../funding/card.server.ts";
import { loadManual, reportManual } from "../../../funding/manual.server.ts";
import { createAccount, loadTransfer } from "../../../funding/transfer.server.ts";
import { titleMeta } from "../../../components/meta.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { signedIn, signedInForPage } from "../../../session/signed-in.server.ts";
import type { Route } from "./+types/route";

// The Fund Wallet page: which method, and the dispatch of each method's form to its module
// (app/funding/*.server.ts on the server, card.tsx, transfer.tsx and manual.tsx beside this module on the page).

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_fund_wallet());

const METHODS = [
  { value: "card", label: m.fund_card },
  { value: "transfer", label: m.fund_transfer },
  { value: "manual", label: m.fund_manual },
] as const;
type Method = (typeof METHODS)[number]["value"];

function methodOf(request: Request): Method {
  const value = new URL(request.url).searchParams.get("method");
  return METHODS.find((method) => method.value === value)?.value ?? "card";
}

const PATH = "/dashboard/fund-wallet";

/**
 * `?back=`: the purchase that sent the person here because their wallet was short (decision
 * 044), where card funding lands once the wallet is credited. Only a path of
 * ours; anything else is no way back at all. Null when there is none.
 */
function backOf(request: Request): string | null {
  const back = safeRedirectPath(new URL(request.url).searchParams.get("back"), "");
  return back === "" ? null : back;
}

/** This page at `method`, still carrying the way back. */
function methodPath(method: Method, back: string | null): string {
  const query = new URLSearchParams({ method });
  if (back !== null) query.set("back", back);
  return `${PATH}?${query.toString()}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const method = methodOf(request);
  // The method's own upstream call, if it has one, alongside the user.
  const [{ user }, transfer, manual] = await Promise.all([
    signedInForPage(context),
    method === "transfer" ? loadTransfer(context) : null,
    method === "manual" ? loadManual(context, signedIn(context).caller) : null,
  ]);
  return {
    method,
    balance: formatNaira(user.profile.walletBalanceKobo),
    formKey: randomUUID(),
    transfer,
    manual,
    back: backOf(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const { user, caller } = signedIn(context);
  const intent = formData.get("intent");
  // The forms post to this page's own address, so the way back comes with them.
  const back = backOf(request);
  switch (intent) {
    case "card": {
      const submission = parseForm(formData, cardFundingSchema);
      if (submission.status !== "success") return replyWithErrors(submission, {}, { intent });
      return confirmCardFunding(user, submission.value.amount, formKey(formData), back ?? "/dashboard");
    }
    case "card-change":
    case "card-pay": {
      return payOrChangeCardFunding(request, context, user, intent, formData.get("funding"), methodPath("card", back));
    }
    case "create-account":
      return createAccount(context, caller, formData, methodPath("transfer", back));
    case "manual":
      return reportManual(context, caller, formData, methodPath("manual", back));
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
      <PageHeader title={m.dashboard_fund_wallet()} />
      <p>
        {m.fund_balance()} <strong>{loaderData.balance}</strong>
      </p>
      {loaderData.back === null ? null : <BackToPurchase to={loaderData.back} card={loaderData.method === "card"} />}
      <MethodPicker method={loaderData.method} back={loaderData.back} />
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

/** The purchase this person came from: card funding returns there; the other methods take a while. */
function BackToPurchase({ to, card }: { to: string; card: boolean }) {
  return (
    <p className="notice">
      {card ? `${m.fund_back_after_card()} ` : null}
      <AppLink to={to}>{m.fund_back()}</AppLink>
    </p>
  );
}

/** Three choices: radio buttons that switch at once with JavaScript, a GET form without. */
function MethodPicker({ method, back }: { method: Method; back: string | null }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="purchase-form"
      onChange={(event) => void submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      {back === null ? null : <input type="hidden" name="back" value={back} />}
      <fieldset>
        <legend>{m.fund_how()}</legend>
        {METHODS.map((option) => (
          <label key={option.value}>
            <input type="radio" name="method" value={option.value} defaultChecked={option.value === method} />{" "}
            {option.label()}
          </label>
        ))}
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className="secondary">
          {m.fund_continue()}
        </button>
      )}
    </Form>
  );
}
