import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useFormAction, useSubmit } from "react-router";
import type { BulkReply } from "../../../bulk/flow.server.ts";
import type { BulkChoice, BulkFill } from "../../../bulk/fill.server.ts";
import { BulkReview, describedBy, REVIEW_ID } from "./review.tsx";
import { type BulkErrors, type BulkFields, NETWORK_FIELD, PLAN_FIELD, SAVED_FIELD } from "../../../forms/bulk.ts";
import { CsrfField, ErrorList, PurchaseKeyField, SubmitButton } from "../../../components/form-parts.tsx";
import { AIRTIME_LIMITS, amountRange } from "../../../forms/amount.ts";
import { m } from "../../../i18n/paraglide/messages.js";

// The bulk purchase form (decision 030; its review is bulk-review.tsx): plain fields and buttons
// that work as an HTML form; with JavaScript a changed network or plan reviews the list again at once.
// Review posts to `#review`, so the answer opens at the review rather than at the top of the
// form it came from; with JavaScript, focus moves to the review's heading (decision 043).

const FIELD_IDS = { product: "bulk-product", numbers: "bulk-numbers", file: "bulk-file", amount: "bulk-amount" };
const FIELD_ORDER = ["product", "numbers", "file", "amount"] as const;

export function BulkPurchaseForm({
  formKey,
  reply,
  saved,
  fill,
  products,
}: {
  formKey: string;
  reply: BulkReply | undefined;
  /** The person's saved phone numbers, to tick into the list (decision 050). */
  saved: { name: string; number: string }[];
  /** The form as a customer list or an earlier batch fills it (decision 086). */
  fill: BulkFill | null;
  /** The products bought in bulk, the first chosen by default (decision 092). */
  products: BulkChoice[];
}) {
  const first = products[0]?.product ?? "";
  const fields: BulkFields = reply?.fields ??
    fill?.fields ?? { product: first, numbers: "", amount: "", csv: "", csvName: "" };
  const errors: BulkErrors = reply?.errors ?? {};
  const [product, setProduct] = useState(fields.product || first);
  // The one amount is for products whose rows are given an amount; a plan is chosen on the review.
  const byPlan = products.some((choice) => choice.product === product && !choice.byAmount);
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
        {products.map(({ product: value, label }) => (
          <label key={value}>
            <input
              type="radio"
              name="product"
              value={value}
              defaultChecked={fields.product === value || (fields.product === "" && value === first)}
              onChange={() => setProduct(value)}
            />
            {label}
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
      <div className="field" hidden={byPlan ? true : undefined}>
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
