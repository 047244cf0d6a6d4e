import { Form } from "react-router";
import { AppLink } from "./app-link.tsx";
import { HISTORY_PRODUCTS, productLabel, TRANSACTION_STATUS_CODES, transactionStatus } from "../domain/labels.ts";
import {
  type FilterErrors,
  type FilterField,
  type FilterQuery,
  filterEntries,
  FILTER_PARAMS,
  listSearch,
  SEARCH_MAX_LENGTH,
  statusParam,
  type TransactionFilters,
} from "../domain/transaction-filters.ts";
import { type ListQuery, SORT_COLUMNS, sortParam } from "../domain/transactions.ts";
import { COLUMNS } from "./transaction-list.tsx";
import { ErrorList, ErrorSummary } from "./forms.tsx";

// The transactions page's GET forms (decisions 031 and 032): Find, with the sort it keeps in
// hidden fields, and, on narrow screens where the table's header links are not shown, Sort,
// with the filters it keeps. Without JavaScript each is a plain GET form; with it, React
// Router's <Form> fetches the same address without a reload.

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
}: Pick<FilterQuery, "typed" | "errors"> & { query: ListQuery; clearHref: string | null }) {
  const problems = (Object.keys(FIELD_IDS) as FilterField[]).map((field) => ({
    id: FIELD_IDS[field],
    errors: errors[field] ? [errors[field]] : undefined,
  }));
  return (
    <>
      <ErrorSummary form={{ id: "filters", status: "error" }} fields={problems} />
      {/* Keyed by what was sent, so a new address (Clear filters, Back) shows its own values. */}
      <search aria-label="Find transactions">
        <Form key={JSON.stringify(typed)} method="get" className="filters" preventScrollReset>
          <input type="hidden" name="sort" value={sortParam(query.sort)} />
          <input type="hidden" name="dir" value={query.dir} />
          <div className="filter-fields">
            <div className="field filter-search">
              <label htmlFor={FIELD_IDS.search}>Search</label>
              <input
                type="search"
                defaultValue={typed.search}
                maxLength={SEARCH_MAX_LENGTH}
                {...errorProps(errors, "search", "filter-search-hint")}
              />
              <small id="filter-search-hint">Reference, phone, smart card, meter, token, plan or description</small>
              <FieldError errors={errors} field="search" />
            </div>
            <div className="field">
              <label htmlFor={FIELD_IDS.product}>Product</label>
              <select defaultValue={typed.product} {...errorProps(errors, "product")}>
                <option value="">Any product</option>
                {HISTORY_PRODUCTS.map((product) => (
                  <option key={product} value={product}>
                    {productLabel(product)}
                  </option>
                ))}
              </select>
              <FieldError errors={errors} field="product" />
            </div>
            <div className="field">
              <label htmlFor={FIELD_IDS.status}>Status</label>
              <select defaultValue={typed.status} {...errorProps(errors, "status")}>
                <option value="">Any status</option>
                {TRANSACTION_STATUS_CODES.map((code) => (
                  <option key={code} value={statusParam(code)}>
                    {transactionStatus(code)?.label}
                  </option>
                ))}
              </select>
              <FieldError errors={errors} field="status" />
            </div>
            <div className="field">
              <label htmlFor={FIELD_IDS.from}>From</label>
              <input type="date" defaultValue={typed.from} {...errorProps(errors, "from")} />
              <FieldError errors={errors} field="from" />
            </div>
            <div className="field">
              <label htmlFor={FIELD_IDS.to}>To</label>
              <input type="date" defaultValue={typed.to} {...errorProps(errors, "to")} />
              <FieldError errors={errors} field="to" />
            </div>
          </div>
          <div className="button-row">
            <button type="submit">Filter</button>{" "}
            {clearHref ? (
              <AppLink to={clearHref} className="button secondary">
                Clear filters
              </AppLink>
            ) : null}
          </div>
        </Form>
      </search>
    </>
  );
}

const SORT_LABELS = new Map(COLUMNS.map(({ column, label }) => [column, label]));

/** Sorting where the table's header links are hidden: the same address as those links make. */
export function SortForm({ query, filters }: { query: ListQuery; filters: TransactionFilters }) {
  return (
    <Form
      key={listSearch(query, filters)}
      method="get"
      className="inline-form narrow-only"
      aria-label="Sort transactions"
      preventScrollReset
    >
      {filterEntries(filters).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor="sort-column">Sort by</label>
        <select id="sort-column" name="sort" defaultValue={sortParam(query.sort)}>
          {SORT_COLUMNS.map((column) => (
            <option key={column} value={sortParam(column)}>
              {SORT_LABELS.get(column)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sort-direction">Order</label>
        <select id="sort-direction" name="dir" defaultValue={query.dir}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </div>
      <button type="submit">Sort</button>
    </Form>
  );
}
