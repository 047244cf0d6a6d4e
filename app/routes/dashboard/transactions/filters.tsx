import { Form } from "react-router";
import { AppLink } from "../../../components/app-link.tsx";
import { HISTORY_PRODUCTS, TRANSACTION_STATUS_CODES } from "../../../domain/labels.ts";
import {
  type FilterErrors,
  type FilterField,
  filterEntries,
  FILTER_PARAMS,
  listSearch,
  SEARCH_MAX_LENGTH,
  statusParam,
  type TransactionFilters,
} from "../../../domain/transaction-filters.ts";
import { type ListQuery, SORT_COLUMNS, sortParam } from "../../../domain/transactions.ts";
import { columnName, productName, statusLabel } from "../../../history/words.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { ErrorList, ErrorSummary } from "../../../components/form-parts.tsx";

// The transactions page's GET forms (decisions 031 and 032): Find, with the sort it keeps in
// hidden fields, and, on narrow screens where the table's header links are not shown, Sort,
// with the filters it keeps. Without JavaScript each is a plain GET form; with it, React
// Router's <Form> fetches the same address without a reload. Their words are said in the
// loader, in the person's language, and sent with the page's data (filterWords; decision 059).

/** The forms' words in the request's language, for the loader to send with the page. */
export function filterWords() {
  return {
    find: m.hist_filter_find(),
    search: m.hist_filter_search(),
    searchHint: m.hist_filter_search_hint(),
    product: m.hist_col_product(),
    anyProduct: m.hist_filter_any_product(),
    products: HISTORY_PRODUCTS.map((product) => ({ product, name: productName(product) })),
    status: columnName("status"),
    anyStatus: m.hist_filter_any_status(),
    from: m.hist_filter_from(),
    to: m.hist_filter_to(),
    filter: m.hist_filter_submit(),
    clear: m.hist_filter_clear(),
    sortForm: m.hist_sort_form(),
    sortBy: m.hist_sort_by(),
    columns: SORT_COLUMNS.map((column) => ({ column, name: columnName(column) })),
    order: m.hist_sort_order(),
    ascending: m.hist_sort_asc(),
    descending: m.hist_sort_desc(),
    sort: m.hist_sort_submit(),
  };
}

export type FilterWords = ReturnType<typeof filterWords>;

const FIELD_IDS = {
  search: "filter-search",
  product: "filter-product",
  status: "filter-status",
  from: "filter-from",
  to: "filter-to",
} as const satisfies Record<FilterField, string>;

function errorId(field: FilterField): string {
  return `${FIELD_IDS[field]}-error`;
}

/** The control's own attributes for its error: named by it, and marked invalid. */
function errorProps(errors: FilterErrors, field: FilterField, hintId?: string) {
  const described = [hintId, errors[field] ? errorId(field) : undefined].filter(Boolean).join(" ");
  return {
    id: FIELD_IDS[field],
    name: FILTER_PARAMS[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": described || undefined,
  };
}

function FieldError({ errors, field }: { errors: FilterErrors; field: FilterField }) {
  const message = errors[field];
  return <ErrorList id={errorId(field)} errors={message ? [message] : undefined} />;
}

export function FilterForm({
  query,
  typed,
  errors,
  clearHref,
  words,
}: {
  typed: Record<FilterField, string>;
  /** Each field's message, in the person's words (app/history/words.ts). */
  errors: FilterErrors;
  query: ListQuery;
  clearHref: string | null;
  words: FilterWords;
}) {
  const problems = (Object.keys(FIELD_IDS) as FilterField[]).map((field) => ({
    id: FIELD_IDS[field],
    errors: errors[field] ? [errors[field]] : undefined,
  }));
  return (
    <>
      <ErrorSummary form={{ id: "filters", status: "error" }} fields={problems} />
      {/* Keyed by what was sent, so a new address (Clear filters, Back) shows its own values. */}
      <search aria-label={words.find}>
        <Form key={JSON.stringify(typed)} method="get" className="filters" preventScrollReset>
          <input type="hidden" name="sort" value={sortParam(query.sort)} />
          <input type="hidden" name="dir" value={query.dir} />
          <div className="filter-fields">
            <div className="field filter-search">
              <label htmlFor={FIELD_IDS.search}>{words.search}</label>
              <input
                type="search"
                defaultValue={typed.search}
                maxLength={SEARCH_MAX_LENGTH}
                {...errorProps(errors, "search", "filter-search-hint")}
              />
              <small id="filter-search-hint">{words.searchHint}</small>
              <FieldError errors={errors} field="search" />
            </div>
            <div className="field filter-choice">
              <label htmlFor={FIELD_IDS.product}>{words.product}</label>
              <select defaultValue={typed.product} {...errorProps(errors, "product")}>
                <option value="">{words.anyProduct}</option>
                {words.products.map(({ product, name }) => (
                  <option key={product} value={product}>
                    {name}
                  </option>
                ))}
              </select>
              <FieldError errors={errors} field="product" />
            </div>
            <div className="field filter-choice">
              <label htmlFor={FIELD_IDS.status}>{words.status}</label>
              <select defaultValue={typed.status} {...errorProps(errors, "status")}>
                <option value="">{words.anyStatus}</option>
                {TRANSACTION_STATUS_CODES.map((code) => (
                  <option key={code} value={statusParam(code)}>
                    {statusLabel(code)}
                  </option>
                ))}
              </select>
              <FieldError errors={errors} field="status" />
            </div>
            <div className="field">
              <label htmlFor={FIELD_IDS.from}>{words.from}</label>
              <input type="date" defaultValue={typed.from} {...errorProps(errors, "from")} />
              <FieldError errors={errors} field="from" />
            </div>
            <div className="field">
              <label htmlFor={FIELD_IDS.to}>{words.to}</label>
              <input type="date" defaultValue={typed.to} {...errorProps(errors, "to")} />
              <FieldError errors={errors} field="to" />
            </div>
          </div>
          <div className="button-row">
            <button type="submit">{words.filter}</button>{" "}
            {clearHref ? (
              <AppLink to={clearHref} className="button secondary">
                {words.clear}
              </AppLink>
            ) : null}
          </div>
        </Form>
      </search>
    </>
  );
}

/** Sorting where the table's header links are hidden: the same address as those links make. */
export function SortForm({
  query,
  filters,
  words,
}: {
  query: ListQuery;
  filters: TransactionFilters;
  words: FilterWords;
}) {
  return (
    <Form
      key={listSearch(query, filters)}
      method="get"
      className="inline-form narrow-only"
      aria-label={words.sortForm}
      preventScrollReset
    >
      {filterEntries(filters).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor="sort-column">{words.sortBy}</label>
        <select id="sort-column" name="sort" defaultValue={sortParam(query.sort)}>
          {words.columns.map(({ column, name }) => (
            <option key={column} value={sortParam(column)}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sort-direction">{words.order}</label>
        <select id="sort-direction" name="dir" defaultValue={query.dir}>
          <option value="asc">{words.ascending}</option>
          <option value="desc">{words.descending}</option>
        </select>
      </div>
      <button type="submit">{words.sort}</button>
    </Form>
  );
}
