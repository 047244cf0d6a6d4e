import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { AppLink } from "./app-link.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { discountedChargeKobo, formatNaira } from "../domain/money.ts";
import { networkOf, providerOfNetwork } from "../domain/networks.ts";
import { NETWORK_FROM_NUMBER, networkFromNumberHint } from "../forms/purchase.ts";
import {
  isConfirmationStep,
  type OfferView,
  type RecentList,
  type Shortfall,
  type VerifiedView,
} from "../purchases/step.ts";
import type { FormResult, FormSchema } from "../forms/submission.ts";
import type { LowBalance } from "../domain/low-balance.ts";
import { PageHeader } from "./dashboard-shell.tsx";
import { LowBalanceNotice } from "./low-balance-notice.tsx";
import {
  type FieldMetadata,
  type FormDefaults,
  type FormMetadata,
  getFormProps,
  useValidatedForm,
} from "./use-validated-form.ts";
import { CsrfField, ErrorSummary, Field, FieldNotices, SelectField, SubmitButton, waitingProps } from "./forms.tsx";
import { ChargeLine, PurchaseConfirmation, ShortfallNotice, VerifiedDetails } from "./purchase.tsx";
import { PurchaseKeyField } from "./form-parts.tsx";
import { m } from "../i18n/paraglide/messages.js";

export { revalidateAfterPurchaseOnly, VerifyButton } from "./purchase.tsx";

// The product page kit (decisions 011, 013, 024): the page around a purchase form, the provider choice
// inside it, what the provider brings, the verified number and the read-only amount. A
// product route declares its fields and uses these; docs/adding-a-product.md shows how.

type ProviderOption = { id: number; title: string; discountPercent: number };

/** What a product's form component gets: the page's data and the last answer to the form. */
export type PurchaseFormProps<Props extends { loaderData: unknown; actionData?: unknown }> = {
  loaderData: Props["loaderData"];
  reply: FormReply<NonNullable<Props["actionData"]>> | undefined;
};

type FormReply<ActionData> = Exclude<ActionData, { confirmation: unknown }>;

function isFormReply<ActionData extends object>(actionData: ActionData): actionData is FormReply<ActionData> {
  return !isConfirmationStep(actionData);
}

/**
 * The page: its heading, the wallet balance (and the warning when it is low), and the
 * confirmation step or the product's form, started afresh for every answer (its fields come
 * back from the answer, as typed).
 */
export function PurchasePage<
  LoaderData extends { balance: string; lowBalance?: LowBalance | null; bulk?: boolean },
  ActionData extends object,
>({
  title,
  loaderData,
  actionData,
  form: ProductForm,
  after,
}: {
  title: string;
  loaderData: LoaderData;
  actionData: ActionData | undefined;
  form: ComponentType<{ loaderData: LoaderData; reply: FormReply<ActionData> | undefined }>;
  after?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <p>
        {m.buy_wallet_balance()} <strong>{loaderData.balance}</strong>
      </p>
      <LowBalanceNotice lowBalance={loaderData.lowBalance} />
      {actionData === undefined || isFormReply(actionData) ? (
        <>
          {shortfallOf(actionData)}
          <ProductForm key={replyId(actionData)} loaderData={loaderData} reply={actionData} />
        </>
      ) : (
        isConfirmationStep(actionData) && <PurchaseConfirmation confirmation={actionData.confirmation} />
      )}
      {after}
      {loaderData.bulk ? <BulkPurchaseLink /> : null}
    </>
  );
}

/** Below the airtime and data forms: the way to buy for many numbers at once. */
function BulkPurchaseLink() {
  return (
    <p className="bulk-link">
      {m.buy_bulk_question()} <AppLink to="/dashboard/bulk-purchase">{m.buy_bulk_link()}</AppLink>
      {m.buy_bulk_rest()}
    </p>
  );
}

/** Confirm was refused because the wallet could not pay: the confirmation's ways on, above the form. */
function shortfallOf(reply: object | undefined): ReactNode {
  if (reply === undefined || !("shortfall" in reply) || !isShortfall(reply.shortfall)) return null;
  return <ShortfallNotice shortfall={reply.shortfall} />;
}

function isShortfall(value: unknown): value is Shortfall {
  return typeof value === "object" && value !== null && "fundWallet" in value;
}

function replyId(reply: object | undefined): string {
  return reply && "replyId" in reply && typeof reply.replyId === "string" ? reply.replyId : "blank";
}

/**
 * The form around a product's fields: the error summary, the hidden keys, the person's saved
 * and recent numbers, and Process.
 */
export function PurchaseForm({
  form,
  errorFields,
  page,
  processDisabled = false,
  children,
}: {
  form: FormMetadata;
  /** The fields whose errors the summary lists, in the order it lists them. */
  errorFields: { id: string; errors?: string[] }[];
  /** The page's loader data: the form's key, the saved and recent numbers and Buy again's notices. */
  page: { formKey: string; saved?: RecentList; recent?: RecentList; notices?: Record<string, string> };
  processDisabled?: boolean;
  children: ReactNode;
}) {
  const fill = (name: string, value: string) => form.update({ name, value });
  return (
    <Form method="post" className="purchase-form" {...getFormProps(form)}>
      <ErrorSummary form={form} fields={errorFields} />
      <CsrfField />
      <PurchaseKeyField value={page.formKey} />
      <NumberLinks id="saved-numbers" list={page.saved ?? null} fill={fill} />
      <NumberLinks id="recent-numbers" list={page.recent ?? null} fill={fill} />
      <FieldNotices value={page.notices ?? {}}>{children}</FieldNotices>
      <SubmitButton name="intent" value="process" disabled={processDisabled}>
        {m.buy_process()}
      </SubmitButton>
    </Form>
  );
}

/**
 * The numbers the person saved under names (decision 050), or bought for before (027). Each
 * is a link that opens this page with the form filled (`?phone=…`), so it works without
 * JavaScript; with it, a tap fills the fields in place, nothing typed elsewhere is lost, and
 * the next empty field takes the focus. A list box (Bulk SMS's phone numbers) that already
 * holds numbers gets the tapped one added to them.
 */
function NumberLinks({
  id,
  list,
  fill,
}: {
  id: string;
  list: RecentList;
  fill: (name: string, value: string) => void;
}) {
  const hydrated = useHydrated();
  if (list === null || list.numbers.length === 0) return null;
  return (
    <section className="recent-numbers" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{list.heading}</h2>
      <ul>
        {list.numbers.map(({ text, fields }) => (
          <li key={text}>
            <a
              href={`?${new URLSearchParams(fields).toString()}`}
              onClick={
                hydrated
                  ? (event) => {
                      event.preventDefault();
                      const form = event.currentTarget.closest("form");
                      for (const [name, value] of Object.entries(fields)) fill(name, added(form, name, value));
                      nextStep(form, Object.keys(fields))?.focus();
                    }
                  : undefined
              }
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `value` added to a list box's numbers, unless it holds it already; any other field's new value. */
function added(form: HTMLFormElement | null, name: string, value: string): string {
  const box = form?.elements.namedItem(name);
  if (!(box instanceof HTMLTextAreaElement) || box.value.trim() === "") return value;
  const numbers = box.value.split(/[\s,]+/).filter(Boolean);
  return numbers.includes(value) ? box.value : `${numbers.join(", ")}, ${value}`;
}

/**
 * Where a person goes once a recent number has filled `filled`: the first field after them
 * that is still empty and open (not locked until Verify), or else the first button after them
 * (Process, or Verify).
 */
function nextStep(form: HTMLFormElement | null, filled: readonly string[]): HTMLElement | null {
  if (form === null) return null;
  const controls = [...form.elements].filter(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement =>
      (element instanceof HTMLInputElement && element.type !== "hidden") ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLButtonElement,
  );
  const after = controls.slice(controls.findLastIndex((control) => filled.includes(control.name)) + 1);
  const usable = after.filter(
    (control) =>
      !control.disabled &&
      !("readOnly" in control && control.readOnly) &&
      control.getAttribute("aria-disabled") !== "true" &&
      control.getClientRects().length > 0,
  );
  return (
    usable.find((control) => !(control instanceof HTMLButtonElement) && control.value === "") ??
    usable.find((control) => control instanceof HTMLButtonElement) ??
    null
  );
}

/**
 * The charge as the person types, with JavaScript; without it the discount in words (or
 * `none` before a provider is chosen), since the exact charge needs the server.
 */
export function DiscountedCharge({
  amountKobo,
  provider,
  none,
}: {
  amountKobo: number | undefined;
  /** Whose discount applies; null before one is chosen. */
  provider: { title: string; discountPercent: number } | null;
  none: string;
}) {
  const charge =
    provider && amountKobo !== undefined
      ? formatNaira(discountedChargeKobo(amountKobo, provider.discountPercent))
      : null;
  const fallback = provider ? m.buy_discount_on({ provider: provider.title, percent: provider.discountPercent }) : none;
  return <ChargeLine charge={charge} fallback={fallback} />;
}

/**
 * The provider list, inside the purchase form: whatever is chosen is what Verify and Process
 * send, whether or not anything else is pressed. Where a provider brings plans or variants,
 * `loadLabel` names a button that, without JavaScript, brings them with the form as typed;
 * with JavaScript they load as soon as the provider is chosen (useOffer).
 */
export function ProviderSelect<Provider extends ProviderOption>({
  meta,
  providers,
  label = m.buy_provider(),
  emptyChoice,
  optionLabel = (provider) => m.buy_provider_option({ title: provider.title, percent: provider.discountPercent }),
  loadLabel,
  network,
}: {
  meta: FieldMetadata;
  providers: Provider[];
  label?: string;
  emptyChoice: string;
  optionLabel?: (provider: Provider) => string;
  loadLabel?: string;
  /** Airtime and data: the list follows the phone number (useNetworkFromNumber). */
  network?: NetworkFromNumber;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <SelectField
        label={label}
        meta={meta}
        emptyChoice={emptyChoice}
        options={providers.map((provider) => ({ value: String(provider.id), label: optionLabel(provider) }))}
        onChange={network && ((event) => network.onChoose(event.currentTarget.value))}
      />
      {network ? (
        <>
          <p className="network-hint" role="status">
            {network.hint}
          </p>
          {network.hint === null ? null : (
            <input type="hidden" name={NETWORK_FROM_NUMBER.name} value={NETWORK_FROM_NUMBER.value} />
          )}
        </>
      ) : null}
      {loadLabel && !hydrated ? (
        <button type="submit" name="intent" value="continue" formNoValidate className="secondary">
          {loadLabel}
        </button>
      ) : null}
    </>
  );
}

/** What the network list needs to follow the phone number: the words beside it, and the person's own choice. */
export type NetworkFromNumber = { hint: string | null; onChoose: (value: string) => void };

/**
 * Airtime and data (decision 028): with JavaScript the network list follows the phone number
 * as it is typed, showing the network its prefix belongs to, until the person chooses a
 * network themselves; from then on the list is theirs (numbers are ported). Choosing "Choose
 * a network" again is no choice: the list follows the number again, as a blank network does
 * on the server. A list that starts on another network than the number's (the person's choice
 * sent back, or the address's) starts as theirs. Without JavaScript the server fills a blank
 * network in and says so (`serverHint`).
 */
export function useNetworkFromNumber(
  form: FormMetadata,
  { provider, phone }: { provider: FieldMetadata; phone: { value?: string | undefined } },
  providers: ProviderOption[],
  serverHint: string | null | undefined,
): NetworkFromNumber {
  const hydrated = useHydrated();
  const number = (phone.value ?? "").trim();
  const network = networkOf(number);
  const match = network === null ? null : providerOfNetwork(providers, network);
  const wanted = match === null ? "" : String(match.id);
  const current = provider.value ?? "";
  const [chosen, setChosen] = useState(() => current !== "" && current !== wanted);
  const follow = !chosen && current !== wanted;
  const { update } = form;
  const { name } = provider;
  useEffect(() => {
    if (follow) update({ name, value: wanted });
  }, [follow, update, name, wanted]);
  const fromNumber = !chosen && match !== null && current === wanted;
  return {
    hint: hydrated ? (fromNumber ? networkFromNumberHint(match.title, number) : null) : (serverHint ?? null),
    onChoose: (value) => setChosen(value !== ""),
  };
}

/**
 * A product form's set-up: the page's defaults (from its address), the last answer,
 * and Verify's own schema where there is one.
 */
export function usePurchaseForm<Schema extends FormSchema>(
  id: string,
  schema: Schema,
  {
    loaderData,
    reply,
  }: {
    loaderData: { defaults: FormDefaults<Schema> };
    reply: { result: FormResult } | undefined;
  },
  verifySchema?: FormSchema,
) {
  return useValidatedForm(schema, {
    id,
    lastResult: reply?.result,
    defaultValue: loaderData.defaults,
    intentSchemas: verifySchema ? { verify: verifySchema } : undefined,
  });
}

/** A plan or variant list as the form offers it, each with its price. */
export function pricedOptions(list: { code: string; name: string; amountKobo: number }[]) {
  return list.map(({ code, name, amountKobo }) => ({ value: code, label: `${name} (${formatNaira(amountKobo)})` }));
}

/** An amount the person types, in naira; `waiting` for a Verify first. */
export function AmountField({ meta, hint, waiting }: { meta: FieldMetadata; hint: string; waiting?: boolean }) {
  return (
    <Field
      {...waitingProps(waiting)}
      label={m.buy_amount_naira()}
      meta={meta}
      inputMode="decimal"
      autoComplete="off"
      hint={hint}
    />
  );
}

/** The provider the form's field names now, from the page's list. */
export function chosenProvider<Provider extends ProviderOption>(
  providers: Provider[],
  value: string | undefined,
): Provider | null {
  return providers.find((provider) => String(provider.id) === value) ?? null;
}

/**
 * What the chosen provider brings (plans, variants): from the page's address, from the last
 * answer to the form, or, with JavaScript, loaded from the page's loader when the provider is
 * chosen. Nothing in the form is replaced while it loads, so nothing typed meanwhile is lost.
 */
export function useOffer<Offer extends object>(
  providerId: number | null,
  known: (OfferView<Offer> | null | undefined)[],
): { offer: OfferView<Offer> | null; loading: boolean } {
  const fetcher = useFetcher<{ offer: OfferView<Offer> | null }>();
  const { pathname } = useLocation();
  const offer =
    [fetcher.data?.offer, ...known].find((candidate) => candidate != null && candidate.providerId === providerId) ??
    null;
  const missing = providerId !== null && offer === null;
  const { load } = fetcher;
  useEffect(() => {
    if (missing) void load(`${pathname}?provider=${providerId}`);
  }, [missing, providerId, pathname, load]);
  return { offer, loading: missing && fetcher.state === "loading" };
}

/** What the form now names: the provider, the number, and the detail verified with it. */
type VerifyTarget = { providerId: number | null; number: string; detail: string };

export type VerificationState = { verified: VerifiedView | null; providerChanged: boolean };

/**
 * The verification the server sent, while the form still names its provider, number and
 * detail. A provider changed since tells the person why it is gone (decision 013).
 */
export function stillVerified(verified: VerifiedView | null | undefined, now: VerifyTarget): VerificationState {
  if (verified == null) return { verified: null, providerChanged: false };
  const { target } = verified;
  if (target.providerId !== now.providerId) return { verified: null, providerChanged: true };
  const same = target.number === now.number.trim() && target.detail === now.detail;
  return { verified: same ? verified : null, providerChanged: false };
}

/**
 * The verification of the last answer while the form names what it verified. Once the provider
 * changes it stays dropped, even if the person goes back to the first one: as without
 * JavaScript, where the server drops it with the next press (app/purchases/replies.server.ts).
 */
export function useVerification(
  reply: { verified: VerifiedView | null; providerChanged: boolean } | undefined,
  now: VerifyTarget,
): VerificationState {
  const [dropped, setDropped] = useState(false);
  const state = stillVerified(reply?.verified, now);
  if (state.providerChanged && !dropped) setDropped(true);
  return dropped || reply?.providerChanged ? { verified: null, providerChanged: true } : state;
}

/** The verified customer and the sealed verification the form sends back; or what to do. */
export function VerifiedBlock({ state, prompt, again }: { state: VerificationState; prompt: string; again: string }) {
  if (state.verified) {
    return (
      <>
        <VerifiedDetails lines={state.verified.customer} />
        <input type="hidden" name="verification" value={state.verified.sealed} />
      </>
    );
  }
  if (state.providerChanged) {
    return (
      <p className="verify-again" role="status">
        {again}
      </p>
    );
  }
  return <p>{prompt}</p>;
}

/** The amount a plan or variant sets: shown, never typed, never sent (the server prices it). */
export function ReadOnlyAmount({
  id,
  amountKobo,
  hint,
  waiting,
}: {
  id: string;
  amountKobo: number | undefined;
  hint: string;
  waiting?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{m.buy_amount()}</label>
      <input
        id={id}
        readOnly
        aria-disabled={waiting || undefined}
        value={amountKobo === undefined ? "" : formatNaira(amountKobo)}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`}>{hint}</small>
    </div>
  );
}

/** A smart card, meter or profile number box: digits on a phone's number pad. */
export const NUMBER_INPUT = { inputMode: "numeric", pattern: "[0-9]*", maxLength: 20, autoComplete: "off" } as const;
