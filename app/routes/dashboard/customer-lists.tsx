import { randomUUID } from "node:crypto";
import { data, Form } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/dashboard-shell.tsx";
import { CsrfField, ErrorList, ErrorSummary, SubmitButton } from "../../components/form-parts.tsx";
import { titleMeta } from "../../components/meta.ts";
import { SAVED_NUMBERS_PATH } from "../../components/save-number.tsx";
import { savedCustomers } from "../../customers/customers.server.ts";
import { customerLists, deleteCustomerList, saveListAsTyped } from "../../customers/lists.server.ts";
import type { ListFieldErrors } from "../../customers/list-words.ts";
import { LIST_MAX_NUMBERS, LIST_NAME_MAX_LENGTH } from "../../domain/customer-lists.ts";
import { m } from "../../i18n/paraglide/messages.js";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { signedIn, signedInForPage } from "../../session/signed-in.server.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import type { Route } from "./+types/customer-lists";

// Customer lists (decision 086): a reseller's named lists of numbers ("Office staff"), each
// filling a bulk purchase with one link; made here from saved phone numbers, or from a bulk
// purchase's review. Plain forms posting here; no script of its own.

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.dashboard_customer_lists());

const PATH = "/dashboard/customer-lists";
export const BULK_FROM_LIST = "/dashboard/bulk-purchase?list=";

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = await signedInForPage(context);
  const [lists, saved] = await Promise.all([customerLists(user.id), savedCustomers(user.id, ["phone"])]);
  return {
    lists: lists.map((list) => ({ id: list.id, name: list.name, count: list.entries.length })),
    saved: saved.map(({ name, number }) => ({ name, number })),
    loadId: randomUUID(),
  };
}

type CreateReply = { replyId: string; errors: ListFieldErrors; name: string; numbers: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const { user } = signedIn(context);
  const intent = formData.get("intent");
  if (intent === "delete") {
    const id = Number(formData.get("id"));
    const deleted = Number.isSafeInteger(id) && id > 0 ? await deleteCustomerList(user.id, id) : null;
    if (deleted === null) return redirectWithToast(context, PATH, { type: "error", message: m.lists_gone() });
    return redirectWithToast(context, PATH, { type: "success", message: m.lists_deleted({ name: deleted }) });
  }
  if (intent !== "create") throw data({ reason: "unknown-form" }, { status: 400 });
  const typedName = formData.get("name");
  const name = typeof typedName === "string" ? typedName : "";
  const ticked = formData.getAll("number").filter((value): value is string => typeof value === "string");
  // Only the account's own saved numbers, with the names they are saved under.
  const saved = new Map((await savedCustomers(user.id, ["phone"])).map((entry) => [entry.number, entry.name]));
  const entries = ticked.flatMap((number) => {
    const savedAs = saved.get(number);
    return savedAs === undefined ? [] : [{ number, network: "", name: savedAs }];
  });
  const answer = await saveListAsTyped(user.id, name, entries);
  if ("errors" in answer)
    return data<CreateReply>({ replyId: randomUUID(), errors: answer.errors, name, numbers: ticked }, { status: 400 });
  return redirectWithToast(context, PATH, {
    type: "success",
    message: m.lists_saved({ name: answer.saved.name, count: answer.saved.count }),
    link: { href: `${BULK_FROM_LIST}${answer.saved.id}`, label: m.lists_use() },
  });
}

export default function CustomerLists({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, saved } = loaderData;
  return (
    <>
      <PageHeader title={m.dashboard_customer_lists()} />
      <p>{m.lists_intro()}</p>
      <section aria-labelledby="lists-heading">
        <h2 id="lists-heading">{m.lists_heading()}</h2>
        {lists.length === 0 ? (
          <p>{m.lists_none()}</p>
        ) : (
          <ul className="saved-list">
            {lists.map((list) => (
              <li key={list.id}>
                <strong>{list.name}</strong> <span>{m.lists_numbers_count({ count: list.count })}</span>{" "}
                <div className="saved-actions">
                  <AppLink to={`${BULK_FROM_LIST}${list.id}`}>
                    {m.lists_use()}
                    <span className="visually-hidden"> {list.name}</span>
                  </AppLink>{" "}
                  <Form method="post">
                    <CsrfField />
                    <input type="hidden" name="id" value={list.id} />
                    <button type="submit" name="intent" value="delete" className="secondary">
                      {m.lists_delete()}
                      <span className="visually-hidden"> {list.name}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewList key={`${loaderData.loadId}:${actionData?.replyId ?? ""}`} saved={saved} reply={actionData} />
    </>
  );
}

function NewList({ saved, reply }: { saved: { name: string; number: string }[]; reply: CreateReply | undefined }) {
  const errors = reply?.errors ?? {};
  const ticked = new Set(reply?.numbers ?? []);
  return (
    <section aria-labelledby="new-list-heading">
      <h2 id="new-list-heading">{m.lists_new_heading()}</h2>
      {saved.length === 0 ? (
        <p>
          {m.lists_no_saved()} <AppLink to={SAVED_NUMBERS_PATH}>{m.dashboard_saved_numbers()}</AppLink>
        </p>
      ) : (
        <Form method="post" id="new-list">
          <ErrorSummary
            form={{ id: "new-list", status: reply ? "error" : undefined }}
            fields={[
              { id: "list-name", errors: errors.name ? [errors.name] : undefined },
              { id: "list-numbers", errors: errors.numbers ? [errors.numbers] : undefined },
            ]}
          />
          <CsrfField />
          <div className="field">
            <label htmlFor="list-name">{m.lists_name_label()}</label>
            <input
              id="list-name"
              name="name"
              defaultValue={reply?.name ?? ""}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "list-name-hint list-name-error" : "list-name-hint"}
            />
            <small id="list-name-hint">{m.lists_name_hint({ max: LIST_NAME_MAX_LENGTH })}</small>
            <ErrorList id="list-name-error" errors={errors.name ? [errors.name] : undefined} />
          </div>
          <fieldset
            id="list-numbers"
            tabIndex={-1}
            aria-describedby={errors.numbers ? "list-numbers-hint list-numbers-error" : "list-numbers-hint"}
          >
            <legend>{m.lists_numbers_legend()}</legend>
            <small id="list-numbers-hint">{m.lists_numbers_hint({ max: LIST_MAX_NUMBERS })}</small>
            <ErrorList id="list-numbers-error" errors={errors.numbers ? [errors.numbers] : undefined} />
            {saved.map(({ name, number }) => (
              <label key={number}>
                <input type="checkbox" name="number" value={number} defaultChecked={ticked.has(number)} /> {name}:{" "}
                <span className="nowrap">{number}</span>
              </label>
            ))}
          </fieldset>
          <SubmitButton name="intent" value="create">
            {m.lists_save()}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
