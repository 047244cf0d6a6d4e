import type { ChangeEvent, Ref } from "react";
import { useFormAction } from "react-router";
import type { BulkReply, ReviewView } from "../../../bulk/flow.server.ts";
import { LIST_INTENT, LIST_NAME_FIELD } from "../../../bulk/list-fields.ts";
import { LIST_NAME_MAX_LENGTH } from "../../../domain/customer-lists.ts";
import { PinField } from "../../../components/pin-field.tsx";
import { NETWORK_FIELD, PLAN_FIELD } from "../../../forms/bulk.ts";
import { ErrorList, SubmitButton } from "../../../components/form-parts.tsx";
import { m } from "../../../i18n/paraglide/messages.js";

// The bulk purchase's review (decisions 030 and 043): what each row buys and costs, each network's
// plan, the total, Confirm with the PIN, and "Save these numbers as a list" (decision 086).

/** The review's id: the fragment Review posts to. */
export const REVIEW_ID = "review";

/** The ids a field's aria-describedby names, those in force. */
export const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(" ") || undefined;

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

export function BulkReview({
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
