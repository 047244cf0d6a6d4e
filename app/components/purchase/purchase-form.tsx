import type { ReactNode } from "react";
import { Form } from "react-router";
import type { RecentList } from "../../purchases/step.ts";
import { PurchaseKeyField } from "../form-parts.tsx";
import { CsrfField, ErrorSummary, FieldNotices, SubmitButton } from "../forms.tsx";
import { type FormMetadata, getFormProps } from "../use-validated-form.ts";
import { preloadConfirmation } from "./lazy-confirmation.tsx";
import { NumberLinks } from "./number-links.tsx";
import { m } from "../../i18n/paraglide/messages.js";

/**
 * The form around a product's fields: the error summary, the hidden keys, the person's saved
 * and recent numbers, and Process. The confirmation's script starts loading as soon as the
 * person touches the form, so it is there when Process answers (decision 089).
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
    <Form
      method="post"
      className="purchase-form"
      {...getFormProps(form)}
      onFocus={preloadConfirmation}
      onPointerDown={preloadConfirmation}
    >
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
