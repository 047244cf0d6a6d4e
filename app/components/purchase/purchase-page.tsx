import { type ComponentType, type ReactNode, Suspense } from "react";
import type { LowBalance } from "../../domain/low-balance.ts";
import { isConfirmationStep, type Shortfall } from "../../purchases/step.ts";
import { AppLink } from "../app-link.tsx";
import { PageHeader } from "../dashboard-shell.tsx";
import { LowBalanceNotice } from "../low-balance-notice.tsx";
import { LazyConfirmation, LazyShortfallNotice } from "./lazy-confirmation.tsx";
import { m } from "../../i18n/paraglide/messages.js";

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
 * back from the answer, as typed). The step's script loads apart (decision 089): the boundary
 * around both is shown from the start, so while the file comes React keeps the form on screen
 * (a router update is a transition) and, on a page that opens on the step, the server's HTML.
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
      <Suspense>
        {actionData === undefined || isFormReply(actionData) ? (
          <>
            {shortfallOf(actionData)}
            <ProductForm key={replyId(actionData)} loaderData={loaderData} reply={actionData} />
          </>
        ) : (
          isConfirmationStep(actionData) && <LazyConfirmation confirmation={actionData.confirmation} />
        )}
      </Suspense>
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

/**
 * Confirm was refused because the wallet could not pay: the confirmation's ways on, above the form.
 * The notice is in the step's file, which is in by then; a boundary of its own keeps the form
 * hydrating on a page that opens on the notice.
 */
function shortfallOf(reply: object | undefined): ReactNode {
  if (reply === undefined || !("shortfall" in reply) || !isShortfall(reply.shortfall)) return null;
  return (
    <Suspense>
      <LazyShortfallNotice shortfall={reply.shortfall} />
    </Suspense>
  );
}

function isShortfall(value: unknown): value is Shortfall {
  return typeof value === "object" && value !== null && "fundWallet" in value;
}

function replyId(reply: object | undefined): string {
  return reply && "replyId" in reply && typeof reply.replyId === "string" ? reply.replyId : "blank";
}
