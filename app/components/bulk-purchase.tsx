import { type ChangeEvent, type FormEvent, type Ref, useEffect, useRef, useState } from "react";
import { Form, useFormAction, useSubmit } from "react-router";
import type { BulkReply, ReviewView } from "../bulk/flow.server.ts";
import { LIST_INTENT, LIST_NAME_FIELD } from "../bulk/list-fields.ts";
import type { BulkFill } from "../bulk/fill.server.ts";
import { LIST_NAME_MAX_LENGTH } from "../domain/customer-lists.ts";
import { PinField } from "./pin-field.tsx";
import {
  BULK_PRODUCTS,
  type BulkErrors,
  type BulkFields,
  NETWORK_FIELD,
  PLAN_FIELD,
  SAVED_FIELD,
} from "../forms/bulk.ts";
import { CsrfField, ErrorList, PurchaseKeyField, SubmitButton } from "./form-parts.tsx";
import { AIRTIME_LIMITS, amountRange } from "../forms/amount.ts";
import { m } from "../i18n/paraglide/messages.js";

// The bulk purchase form and its review (decision 030): plain fields and buttons that work as
// an HTML form; with JavaScript a changed network or plan reviews the list again at once.
// Review posts to `#review`, so the answer opens at the review rather than at the top of the
// form it came from; with JavaScript, focus moves to the review's heading (decision 043).

/** The review's id: the fragment Review posts to. */
const REVIEW_ID = "review";

const FIELD_IDS = { product: "bulk-product", numbers: "bulk-numbers", file: "bulk-file", amount: "bulk-amount" };
const FIELD_ORDER = ["product", "numbers", "file", "amount"] as const;

const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(" ") || undefined;

export function BulkPurchaseForm({
  formKey,
  reply,
  saved,
  fill,
}: {
  formKey: string;
  reply: BulkReply | undefined;
  /** The person's saved phone numbers, to tick into the list (decision 050). */
  saved: { name: string; number: string }[];
  /** The form as a customer list or an earlier batch fills it (decision 086). */
  fill: BulkFill | null;
}) {
  const fields: BulkFields = reply?.fields ??
    fill?.fields ?? { product: "airtime", numbers: "", amount: "", csv: "", csvName: "" };
  const errors: BulkErrors = reply?.errors ?? {};
  const [product, setProduct] = useState(fields.product || "airtime");
  const submit = useSubmit();
  const action = useFormAction();
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  // What takes focus once the answer is drawn (the form is drawn anew, so focus would fall to
  // the page): the review's heading after Review; after a network or plan chosen on the
  // review, that list again, where the person left it.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === REVIEW_ID) reviewHeading.current?.focus();
    else if (next !== null) document.getElementsByName(next)[0]?.focus({ preventScroll: true });
  }, [reply?.replyId]);
  const sent = (event: FormEvent<HTMLFormElement>) => {
    const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
    const reviewing = submitter instanceof HTMLButtonElement && submitter.value === "review";
    focusNext.current = reviewing ? REVIEW_ID : null;
  };
  // With JavaScript, a network or plan chosen on the review is priced at once, the page
  // staying where it is (not sent to the review's top by the fragment).
  const reviewAgain = (event: ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (form === null) return;
    focusNext.current = event.currentTarget.name;
    const formData = new FormData(form);
    formData.set("intent", "review");
    void submit(formData, { method: "post", encType: "multipart/form-data", action, preventScrollReset: true });
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="bulk-form"
      key={reply?.replyId ?? "blank"}
      onSubmit={sent}
    >
      <Problems errors={errors} formError={reply?.formError ?? null} />
      <CsrfField />
      <PurchaseKeyField value={reply?.key ?? formKey} />
      <fieldset aria-describedby={describedBy(errors.product !== undefined && `${FIELD_IDS.product}-error`)}>
        <legend id={FIELD_IDS.product}>{m.bulk_what_to_buy()}</legend>
        {Object.entries(BULK_PRODUCTS).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="product"
              value={value}
              defaultChecked={fields.product === value || (fields.product === "" && value === "airtime")}
              onChange={() => setProduct(value)}
            />
            {label()}
          </label>
        ))}
        <ErrorList id={`${FIELD_IDS.product}-error`} errors={errors.product ? [errors.product] : undefined} />
      </fieldset>
      <div className="field">
        <label htmlFor={FIELD_IDS.numbers}>{m.bulk_numbers_label()}</label>
        <textarea
          id={FIELD_IDS.numbers}
          name="numbers"
          rows={6}
          defaultValue={fields.numbers}
          aria-invalid={errors.numbers ? true : undefined}
          aria-describedby={describedBy(
            `${FIELD_IDS.numbers}-hint`,
            errors.numbers !== undefined && `${FIELD_IDS.numbers}-error`,
          )}
        />
        <small id={`${FIELD_IDS.numbers}-hint`}>{m.bulk_numbers_hint()}</small>
        <ErrorList id={`${FIELD_IDS.numbers}-error`} errors={errors.numbers ? [errors.numbers] : undefined} />
      </div>
      <SavedTicks saved={saved} />
      <div className="field">
        <label htmlFor={FIELD_IDS.file}>{m.bulk_file_label()}</label>
        <input
          id={FIELD_IDS.file}
          type="file"
          name="file"
          accept=".csv,text/csv"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={describedBy(
            `${FIELD_IDS.file}-hint`,
            errors.file !== undefined && `${FIELD_IDS.file}-error`,
          )}
        />
        <small id={`${FIELD_IDS.file}-hint`}>{m.bulk_file_hint()}</small>
        <ErrorList id={`${FIELD_IDS.file}-error`} errors={errors.file ? [errors.file] : undefined} />
        {fields.csv === "" ? null : (
          <label>
            <input type="checkbox" name="keepFile" defaultChecked />{" "}
            {m.bulk_keep_file({ name: fields.csvName || m.bulk_file_chosen_before() })}
            <input type="hidden" name="csv" value={fields.csv} />
            <input type="hidden" name="csvName" value={fields.csvName} />
          </label>
        )}
      </div>
      <div className="field" hidden={product === "data" ? true : undefined}>
        <label htmlFor={FIELD_IDS.amount}>{m.bulk_amount_label()}</label>
        <input
          id={FIELD_IDS.amount}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={fields.amount}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={describedBy(
            `${FIELD_IDS.amount}-hint`,
            errors.amount !== undefined && `${FIELD_IDS.amount}-error`,
          )}
        />
        <small id={`${FIELD_IDS.amount}-hint`}>{m.bulk_amount_hint({ range: amountRange(AIRTIME_LIMITS) })}</small>
        <ErrorList id={`${FIELD_IDS.amount}-error`} errors={errors.amount ? [errors.amount] : undefined} />
      </div>
      {fill === null || reply?.review ? null : <FilledChoices fill={fill} />}
      <SubmitButton name="intent" value="review" busyLabel={m.bulk_reviewing()} formAction={`${action}#${REVIEW_ID}`}>
        {reply?.review ? m.bulk_review_again() : m.bulk_review_button()}
      </SubmitButton>
      {reply?.review ? (
        <BulkReview review={reply.review} onChoose={reviewAgain} headingRef={reviewHeading} list={reply.list} />
      ) : null}
    </Form>
  );
}

/**
 * Saved phone numbers to take into the batch: ticked ones join the list when it is reviewed
 * (app/forms/bulk.ts), so the review and the form from then on show them as typed ones.
 */
function SavedTicks({ saved }: { saved: { name: string; number: string }[] }) {
  if (saved.length === 0) return null;
  return (
    <details className="field">
      <summary>{m.bulk_saved_summary({ count: saved.length })}</summary>
      <fieldset aria-describedby="bulk-saved-hint">
        <legend>{m.bulk_saved_legend()}</legend>
        <small id="bulk-saved-hint">{m.bulk_saved_hint()}</small>
        {saved.map(({ name, number }) => (
          <label key={number}>
            <input type="checkbox" name={SAVED_FIELD} value={number} /> {name}: {number}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** GOV.UK's "There is a problem" box, each field's message a link to the field. */
function Problems({ errors, formError }: { errors: BulkErrors; formError: string | null }) {
  const listed = FIELD_ORDER.flatMap((name) => {
    const message = errors[name];
    return message === undefined ? [] : [{ id: FIELD_IDS[name], message }];
  });
  if (listed.length === 0 && formError === null) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="bulk-summary" tabIndex={-1}>
      <h2 id="bulk-summary">{m.form_problem()}</h2>
      <ul>
        {formError === null ? null : <li>{formError}</li>}
        {listed.map(({ id, message }) => (
          <li key={id}>
            <a href={`#${id}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The networks and plans a list or an earlier batch chose, as the review's own fields would
 * post them, until the review shows its lists (decision 086).
 */
function FilledChoices({ fill }: { fill: BulkFill }) {
  return (
    <>
      {Object.entries(fill.networks).map(([phone, providerId]) => (
        <input key={phone} type="hidden" name={`${NETWORK_FIELD}${phone}`} value={providerId} />
      ))}
      {Object.entries(fill.plans).map(([providerId, code]) => (
        <input key={providerId} type="hidden" name={`${PLAN_FIELD}${providerId}`} value={code} />
      ))}
    </>
  );
}

/** The list id the review's "Save as a list" opens at. */
const LIST_ID = "bulk-list";

/** "Save these numbers as a list" (decision 086): a name, and the reviewed numbers kept under it. */
function SaveAsList({ list }: { list: BulkReply["list"] }) {
  const action = useFormAction();
  const errors = [list?.errors.name, list?.errors.numbers].filter((error): error is string => error !== undefined);
  const inputId = `${LIST_ID}-name`;
  return (
    <fieldset id={LIST_ID} className="bulk-list-save">
      <legend>{m.bulk_list_save_heading()}</legend>
      {list?.saved ? (
        <p className="notice" role="status">
          {list.saved}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={inputId}>{m.lists_name_label()}</label>
        <input
          id={inputId}
          name={LIST_NAME_FIELD}
          defaultValue={list?.name ?? ""}
          autoComplete="off"
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={describedBy(`${inputId}-hint`, errors.length > 0 && `${inputId}-error`)}
        />
        <small id={`${inputId}-hint`}>{m.lists_name_hint({ max: LIST_NAME_MAX_LENGTH })}</small>
        <ErrorList id={`${inputId}-error`} errors={errors.length > 0 ? errors : undefined} />
      </div>
      <SubmitButton name="intent" value={LIST_INTENT} className="secondary" formAction={`${action}#${LIST_ID}`}>
        {m.bulk_list_save_button()}
      </SubmitButton>
    </fieldset>
  );
}

function BulkReview({
  review,
  onChoose,
  headingRef,
  list,
}: {
  review: ReviewView;
  onChoose: (event: ChangeEvent<HTMLSelectElement>) => void;
  headingRef: Ref<HTMLHeadingElement>;
  list: BulkReply["list"];
}) {
  return (
    <section id={REVIEW_ID} className="bulk-review" aria-labelledby="bulk-review-heading">
      <h2 id="bulk-review-heading" ref={headingRef} tabIndex={-1}>
        {review.words.heading}
      </h2>
      {review.planChoices.map((choice) => (
        <div className="field" key={choice.providerId}>
          <label htmlFor={`plan-${choice.providerId}`}>{choice.label}</label>
          <select
            id={`plan-${choice.providerId}`}
            name={`${PLAN_FIELD}${choice.providerId}`}
            defaultValue={choice.chosen}
            onChange={onChoose}
          >
            <option value="">{review.words.choosePlan}</option>
            {choice.plans.map((plan) => (
              <option key={plan.code} value={plan.code}>
                {plan.name} ({plan.price})
              </option>
            ))}
          </select>
        </div>
      ))}
      <table className="bulk-rows">
        <caption>{review.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{review.words.row}</th>
            <th scope="col">{review.words.numberAndNetwork}</th>
            <th scope="col">{review.words.charge}</th>
          </tr>
        </thead>
        <tbody>
          {review.rows.map((row) => (
            <tr key={row.row} className={row.problem === null ? undefined : "bulk-row-problem"}>
              <td>{row.row}</td>
              <td>
                <span className={row.phone === null ? "bulk-number" : "bulk-number nowrap"}>
                  {row.phone ?? row.text}
                </span>
                {!row.choosable ? null : (
                  <select
                    name={`${NETWORK_FIELD}${row.phone ?? ""}`}
                    aria-label={row.networkLabel}
                    defaultValue={row.providerId === null ? "" : String(row.providerId)}
                    onChange={onChoose}
                  >
                    <option value="">{review.words.chooseNetwork}</option>
                    {review.providers.map((provider) => (
                      <option key={provider.id} value={provider.id}>
                        {provider.title}
                      </option>
                    ))}
                  </select>
                )}
                {row.problem === null ? null : <small className="field-error">{row.problem}</small>}
                {row.note === null ? null : <small>{row.note}</small>}
              </td>
              <td>
                {row.charge === "" ? (
                  review.words.notBought
                ) : (
                  <>
                    <strong>{row.charge}</strong>
                    <small>
                      {row.item}
                      {row.discount === "" ? "" : `, ${row.discount}`}
                    </small>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="bulk-total">
        {review.words.totalCharge} <strong>{review.total}</strong> {review.totalRest}
      </p>
      {review.refusal === null ? null : (
        <p className="notice warning" role="status">
          {review.refusal}
        </p>
      )}
      <SaveAsList list={list} />
      <input type="hidden" name="review" value={review.sealed} />
      {/* Not required in the browser: the list's other buttons send this form without a PIN. */}
      <PinField
        id="bulk-pin"
        requirement={review.pin.requirement}
        locked={review.pin.locked}
        errors={review.pin.error === null ? undefined : [review.pin.error]}
        setPinHref={review.pin.setPinHref}
        required={false}
      />
      {review.pin.requirement === "set-first" || review.pin.locked !== null ? null : (
        <SubmitButton name="intent" value="confirm" busyLabel={review.words.starting}>
          {review.confirm}
        </SubmitButton>
      )}
    </section>
  );
}
