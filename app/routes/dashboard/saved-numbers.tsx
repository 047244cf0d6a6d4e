import { randomUUID } from "node:crypto";
import { data, Form, type RouterContextProvider } from "react-router";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { CsrfField, ErrorList, ErrorSummary, Field, SelectField, SubmitButton } from "../../components/forms.tsx";
import { titleMeta } from "../../components/meta.ts";
import { getFormProps, getSelectProps, useValidatedForm } from "../../components/use-validated-form.ts";
import { deleteCustomer, renameCustomer, saveCustomer, savedCustomers } from "../../customers/customers.server.ts";
import { listedProviderTitle, providersFor } from "../../customers/providers.server.ts";
import { safeRedirectPath } from "../../domain/safe-redirect.ts";
import {
  NAME_MAX_LENGTH,
  readSavedEntry,
  SAVED_LIMIT,
  type SavedCustomer,
  savedEntryDetails,
  type SavedProblem,
  savedName,
} from "../../domain/saved-customers.ts";
import { meterTypeChoices, meterTypeName, savedKindChoices, savedKindName } from "../../customers/names.ts";
import { savedProblemMessage } from "../../forms/saved-problems.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { replyWithErrors, replyWithUpstreamError } from "../../forms/reply.server.ts";
import { renameSchema, savedCustomerSchema } from "../../forms/saved.ts";
import { parseForm, type FormResult } from "../../forms/submission.ts";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { signedIn, signedInForPage } from "../../session/signed-in.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { UpstreamError } from "../../upstream/errors.ts";
import type { Route } from "./+types/saved-numbers";

// Saved numbers (decision 050): the phones, meters, smart cards and JAMB profile IDs a person
// keeps under names, to add, rename and delete. Plain forms, each posting here and coming
// back to this page (or to the page a "Save this number" form was on); no script of its own.

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_saved_numbers());

const PATH = "/dashboard/saved-numbers";

type Context = Readonly<RouterContextProvider>;

export async function loader({ context }: Route.LoaderArgs) {
  const { caller } = signedIn(context);
  // Without a provider list the page still works; the provider list says so.
  const titles = (kind: "meter" | "card") =>
    providersFor(caller, kind).then(
      (list) => list.map((provider) => provider.title),
      (error: unknown) => {
        if (error instanceof UpstreamError && error.kind !== "unauthenticated") return null;
        throw error;
      },
    );
  const [{ user }, meter, card] = await Promise.all([signedInForPage(context), titles("meter"), titles("card")]);
  return { entries: await savedCustomers(user.id), providers: { meter, card }, loadId: randomUUID() };
}

async function add(context: Context, formData: FormData) {
  const { user, caller } = signedIn(context);
  const submission = parseForm(formData, savedCustomerSchema);
  const options = { intent: "add" };
  if (submission.status !== "success") return replyWithErrors(submission, {}, options);
  const read = readSavedEntry(submission.value);
  if ("errors" in read) return replyWithErrors(submission, { fieldErrors: fieldErrorsOf(read.errors) }, options);
  const { entry } = read;
  let provider: string | null;
  try {
    provider = await listedProviderTitle(caller, entry.kind, entry.provider);
  } catch (error) {
    return replyWithUpstreamError(submission, error, context, options);
  }
  if (provider === null) {
    const message = savedProblemMessage(entry.kind === "meter" ? "meterProvider" : "cardProvider");
    return replyWithErrors(submission, { fieldErrors: { provider: [message] } }, options);
  }
  const saved = await saveCustomer(user.id, { ...entry, provider });
  if (saved.result === "full")
    return replyWithErrors(submission, { formErrors: [savedProblemMessage("full")] }, options);
  const message =
    saved.result === "added"
      ? m.saved_added({ number: entry.number, name: entry.name })
      : m.saved_renamed_on_add({ number: entry.number, before: saved.before, name: entry.name });
  return redirectWithToast(context, safeRedirectPath(formData.get("back"), PATH), { type: "success", message });
}

function fieldErrorsOf(errors: Partial<Record<string, SavedProblem>>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, problem]) => (problem ? [[field, [savedProblemMessage(problem)]]] : [])),
  );
}

async function rename(context: Context, formData: FormData) {
  const { user } = signedIn(context);
  const submission = parseForm(formData, renameSchema);
  const posted = formData.get("id");
  const intent = `rename:${typeof posted === "string" ? posted : ""}`;
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent });
  const { id } = submission.value;
  const read = savedName(submission.value.name);
  const kept = "name" in read ? read.name : "";
  const before = await renameCustomer(user.id, id, kept);
  if (before === null) return redirectWithToast(context, PATH, { type: "error", message: m.saved_gone() });
  return redirectWithToast(context, PATH, {
    type: "success",
    message: m.saved_renamed({ before: before.name, name: kept }),
  });
}

async function remove(context: Context, formData: FormData) {
  const { user } = signedIn(context);
  const id = Number(formData.get("id"));
  const deleted = Number.isSafeInteger(id) && id > 0 ? await deleteCustomer(user.id, id) : null;
  if (deleted === null) return redirectWithToast(context, PATH, { type: "error", message: m.saved_gone() });
  return redirectWithToast(context, PATH, {
    type: "success",
    message: m.saved_deleted({ name: deleted.name, number: deleted.number }),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  switch (formData.get("intent")) {
    case "add":
      return add(context, formData);
    case "rename":
      return rename(context, formData);
    case "delete":
      return remove(context, formData);
    default:
      throw data({ reason: "unknown-form" }, { status: 400 });
  }
}

export default function SavedNumbers({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, providers } = loaderData;
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const formKey = (intent: string) =>
    `${intent}:${loaderData.loadId}:${actionData?.intent === intent ? actionData.replyId : ""}`;
  return (
    <>
      <PageHeader title={m.dashboard_saved_numbers()} />
      <p>{m.saved_intro()}</p>
      <section aria-labelledby="saved-list-heading">
        <h2 id="saved-list-heading">{m.saved_list_heading()}</h2>
        {entries.length === 0 ? (
          <p>{m.saved_none()}</p>
        ) : (
          <>
            <p>{m.saved_count({ count: entries.length, limit: SAVED_LIMIT })}</p>
            <ul className="saved-list">
              {entries.map((entry) => (
                <SavedEntry
                  key={formKey(`rename:${entry.id}`)}
                  entry={entry}
                  lastResult={lastResult(`rename:${entry.id}`)}
                />
              ))}
            </ul>
          </>
        )}
      </section>
      <AddForm key={formKey("add")} lastResult={lastResult("add")} providers={providers} />
    </>
  );
}

type LastResult = FormResult;

function SavedEntry({ entry, lastResult }: { entry: SavedCustomer; lastResult: LastResult | undefined }) {
  const error = lastResult?.errors["name"];
  const typed = lastResult?.values["name"];
  const inputId = `rename-${entry.id}`;
  const details = savedEntryDetails(entry, meterTypeName);
  return (
    <li>
      <strong>{entry.name}</strong> <span>{`${savedKindName(entry.kind)}: ${details}`}</span>{" "}
      <div className="saved-actions">
        <details open={error ? true : undefined}>
          <summary>
            {m.saved_rename()}
            <span className="visually-hidden"> {entry.name}</span>
          </summary>
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="id" value={entry.id} />
            <div className="field">
              <label htmlFor={inputId}>{m.saved_new_name_for({ number: entry.number })}</label>{" "}
              <input
                id={inputId}
                name="name"
                defaultValue={typed ?? entry.name}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
              />{" "}
              <small id={`${inputId}-hint`}>{m.saved_name_max({ max: NAME_MAX_LENGTH })}</small>{" "}
              <ErrorList id={`${inputId}-error`} errors={error} />
            </div>
            <button type="submit" name="intent" value="rename">
              {m.saved_save_name()}
            </button>
          </Form>
        </details>{" "}
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="id" value={entry.id} />
          <button type="submit" name="intent" value="delete" className="secondary">
            {m.saved_delete()}
            <span className="visually-hidden"> {entry.name}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

function AddForm({
  lastResult,
  providers,
}: {
  lastResult: LastResult | undefined;
  providers: { meter: string[] | null; card: string[] | null };
}) {
  const [form, fields] = useValidatedForm(savedCustomerSchema, { id: "add-saved", lastResult });
  const providerProps = getSelectProps(fields.provider, {
    ariaDescribedBy: fields.provider.descriptionId,
  });
  const missing = providers.meter === null || providers.card === null;
  return (
    <section aria-labelledby="add-saved-heading">
      <h2 id="add-saved-heading">{m.saved_add_heading()}</h2>
      <Form method="post" {...getFormProps(form)}>
        <ErrorSummary
          form={form}
          fields={[fields.name, fields.kind, fields.number, fields.provider, fields.meterType]}
        />
        <CsrfField />
        <Field
          label={m.profile_name()}
          meta={fields.name}
          autoComplete="off"
          hint={m.saved_name_hint({ max: NAME_MAX_LENGTH })}
        />
        <SelectField
          label={m.saved_kind()}
          meta={fields.kind}
          emptyChoice={m.saved_kind_empty()}
          options={savedKindChoices()}
        />
        <Field
          label={m.saved_number()}
          meta={fields.number}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          hint={m.saved_number_hint()}
        />
        <div className="field">
          <label htmlFor={fields.provider.id}>{m.saved_provider()}</label>{" "}
          <select {...providerProps}>
            <option value="">{m.saved_provider_none()}</option>
            {providers.meter ? (
              <optgroup label={m.saved_provider_meters()}>
                {providers.meter.map((title) => (
                  <option key={title} value={title}>
                    {title}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {providers.card ? (
              <optgroup label={m.saved_provider_cards()}>
                {providers.card.map((title) => (
                  <option key={title} value={title}>
                    {title}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>{" "}
          <small id={fields.provider.descriptionId}>
            {missing ? m.saved_provider_missing() : m.saved_provider_hint()}
          </small>{" "}
          <ErrorList id={fields.provider.errorId} errors={fields.provider.errors} />
        </div>
        <SelectField
          label={m.saved_meter_type()}
          meta={fields.meterType}
          emptyChoice={m.saved_meter_type_empty()}
          options={meterTypeChoices()}
        />
        <SubmitButton name="intent" value="add">
          {m.saved_save()}
        </SubmitButton>
      </Form>
    </section>
  );
}
