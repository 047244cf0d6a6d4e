import { createHash, randomUUID } from "node:crypto";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { expireSessionOn } from "../session/auth.server.ts";
import { requireValidCsrf } from "../session/csrf.server.ts";
import { formatNaira } from "../domain/money.ts";
import type { PriceRules } from "../domain/selling-prices.ts";
import { formKey } from "../forms/form-key.ts";
import { type BulkErrors, type BulkFields, type BulkInput, readBulkForm } from "../forms/bulk.ts";
import { outageMessage } from "../forms/reply.server.ts";
import { errorFields, log } from "../infra/log.server.ts";
import { seal, unseal } from "../infra/seal.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { UpstreamError } from "../upstream/errors.ts";
import { type Batch, batchIdOf, batchStore } from "./batches.server.ts";
import { type Review, reviewBulk, reviewDigest } from "./review.server.ts";
import { setPinAddress, type PinRequirement } from "../domain/pin.ts";
import { type PinRefusal, pinView, refusePin } from "../pin/pin.server.ts";
import { runBatch } from "./runner.server.ts";
import { batchRowsOf } from "./batch-rows.ts";
import { priceRulesOf } from "../settings/shop.server.ts";
import { savedCustomers } from "../customers/customers.server.ts";
import type { ListFieldErrors } from "../customers/list-words.ts";
import { saveListAsTyped } from "../customers/lists.server.ts";
import { LIST_INTENT, LIST_NAME_FIELD } from "./list-fields.ts";
import { confirmWording, planListLabel, reviewCaption, rowProblemWords, totalRest } from "./words.ts";
import { m } from "../i18n/paraglide/messages.js";

// The bulk purchase page's two buttons (decision 030):
//   Review   read the list, price every row from today's catalogue, show it with the total;
//   Confirm  start the batch the review showed, once, and go to its progress page.
// Confirm prices the posted form again and starts only if that is exactly what the review
// showed (a sealed digest of it): a network or plan changed without Review, or a price that
// moved, shows the new review instead of buying something the person did not see.

type Context = Readonly<RouterContextProvider>;

// Every word of the reply is said here, in the request's language (decision 061): the page's
// script gets text, not the messages that make it.

function walletShort(balanceKobo: number, shortKobo: number): string {
  return m.bulk_wallet_short({ balance: formatNaira(balanceKobo), short: formatNaira(shortKobo) });
}

const REVIEW_TTL_MS = 15 * 60_000;
const PURPOSE = "bulk-review";
const sealedReviewSchema = z.object({
  userId: z.number().int(),
  key: z.uuid(),
  issuedAt: z.number().int(),
  digest: z.string(),
});

/** A review row as the page shows it: no order, no ids beyond the network's. */
export type ReviewRowView = {
  row: number;
  text: string;
  phone: string | null;
  /** The network can be chosen on this row (the number's first row). */
  choosable: boolean;
  providerId: number | null;
  item: string;
  charge: string;
  /** The discount in words: "2.5% off", or empty. */
  discount: string;
  /** The name of the row's network list, for screen readers: "Network for 08031234567, row 3". */
  networkLabel: string;
  /** Why the row is left out, in words. */
  problem: string | null;
  note: string | null;
};

export type ReviewView = {
  product: Review["product"];
  rows: ReviewRowView[];
  providers: { id: number; title: string }[];
  planChoices: {
    providerId: number;
    /** The plan list's label: "Plan for the 3 MTN numbers". */
    label: string;
    chosen: string;
    plans: { code: string; name: string; price: string }[];
  }[];
  /** The table's caption: "5 rows: 3 to buy, 2 left out". */
  caption: string;
  total: string;
  /** After the total: "for 3 numbers. Wallet balance: ₦1,000.00." */
  totalRest: string;
  /** The Confirm button: "Confirm: buy for 3 numbers", "Buy for 2 of 3 numbers (1 left out)". */
  confirm: string;
  /** The review's own words: it is only ever drawn from this answer, so its script need not carry them. */
  words: ReturnType<typeof reviewWords>;
  /** Why Confirm is refused as it stands: not enough in the wallet, nothing to buy. */
  refusal: string | null;
  sealed: string;
  /** The transaction PIN Confirm asks for (decision 056), and why the last one was refused. */
  pin: { requirement: PinRequirement; locked: string | null; error: string | null; setPinHref: string };
};

export type BulkReply = {
  replyId: string;
  key: string;
  fields: BulkFields;
  errors: BulkErrors;
  formError: string | null;
  review: ReviewView | null;
  /** "Save these numbers as a list" on the review (decision 086): the name as typed, its problems, or the list saved. */
  list?: { name: string; errors: ListFieldErrors; saved: string | null };
};

function refusalOf(review: Review, balanceKobo: number): string | null {
  if (review.buyable === 0) return m.bulk_nothing_to_buy();
  const short = review.totalKobo - balanceKobo;
  return short > 0 ? walletShort(balanceKobo, short) : null;
}

/**
 * The rows whose network can be chosen: each number's first. A repeat is not bought, and two
 * lists under one name would post two answers.
 */
function firstRows(rows: Review["rows"]): Set<number> {
  const seen = new Map<string, number>();
  for (const row of rows) if (row.phone !== null && !seen.has(row.phone)) seen.set(row.phone, row.row);
  return new Set(seen.values());
}

function reviewWords() {
  return {
    heading: m.bulk_review_heading(),
    choosePlan: m.bulk_choose_plan(),
    row: m.bulk_col_row(),
    numberAndNetwork: m.bulk_col_number_network(),
    charge: m.bulk_col_charge(),
    chooseNetwork: m.bulk_choose_network(),
    notBought: m.bulk_not_bought(),
    totalCharge: m.bulk_total_charge(),
    starting: m.bulk_starting(),
  };
}

function viewOf(review: Review, balanceKobo: number, sealed: string, pin: ReviewView["pin"]): ReviewView {
  const choosable = firstRows(review.rows);
  return {
    product: review.product,
    rows: review.rows.map((row) => ({
      choosable: choosable.has(row.row),
      row: row.row,
      text: row.text,
      phone: row.phone,
      providerId: row.providerId,
      item: row.item,
      charge: row.order === null ? "" : formatNaira(row.chargeKobo),
      discount:
        row.order === null || row.discountPercent === 0
          ? ""
          : m.bulk_discount_off({ discount: `${row.discountPercent}%` }),
      networkLabel: m.bulk_network_for({ phone: row.phone ?? "", row: row.row }),
      problem: row.problem === null ? null : rowProblemWords(row.problem),
      note: row.note,
    })),
    providers: review.providers,
    planChoices: review.planChoices.map((choice) => ({
      providerId: choice.providerId,
      label: planListLabel(choice.count, choice.title),
      chosen: choice.chosen,
      plans: choice.plans.map((plan) => ({
        code: plan.variationCode,
        name: plan.plan,
        price: formatNaira(plan.amountKobo),
      })),
    })),
    caption: reviewCaption(review.rows.length, review.buyable),
    total: formatNaira(review.totalKobo),
    totalRest: totalRest(review.buyable, formatNaira(balanceKobo)),
    confirm: confirmWording(review.buyable, review.rows.length),
    words: reviewWords(),
    refusal: refusalOf(review, balanceKobo),
    sealed,
    pin,
  };
}

export async function bulkAction(request: Request, context: Context) {
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const { user, caller } = signedIn(context);
  const confirming = formData.get("intent") === "confirm";
  const form = await readBulkForm(formData);
  let key = formKey(formData);
  let notice: string | null = null;
  const started = confirming ? await existing(user.id, batchIdOf(user.id, key)) : null;
  if (started !== null) {
    // Confirm posted again (a double click, a reload, Back and Confirm): the batch it started.
    if (form.input !== null && started.formDigest === formDigest(form.input)) return redirect(progressPath(started.id));
    // Back to a confirmed review, the list changed, Confirm: not that batch, and not bought
    // unseen either. The new list is reviewed under a new key, to be confirmed on its own.
    key = randomUUID();
    notice = m.bulk_already_confirmed();
  }
  const batchId = batchIdOf(user.id, key);
  const reply = (answer: Omit<BulkReply, "replyId" | "key" | "fields">, status: number) =>
    data<BulkReply>({ replyId: randomUUID(), key, fields: form.fields, ...answer }, { status });
  if (form.input === null) {
    // A list's name typed before the numbers were right is kept for the next try.
    const typed = formData.get(LIST_NAME_FIELD);
    const list = typeof typed === "string" ? { name: typed, errors: {}, saved: null } : undefined;
    return reply({ errors: form.errors, formError: notice, review: null, ...(list ? { list } : {}) }, 400);
  }

  let review: Review;
  try {
    review = await reviewBulk(caller, form.input);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind === "unauthenticated") return expireSessionOn(error, context);
    const message = error.isOutage ? outageMessage(error) : error.message;
    return reply({ errors: {}, formError: message, review: null }, error.isOutage ? error.pageStatus : 400);
  }
  const balanceKobo = user.profile.walletBalanceKobo;
  const digest = reviewDigest(review);
  const sealed = seal(PURPOSE, { userId: user.id, key, issuedAt: Date.now(), digest });
  const shown = async (formError: string | null, status: number, pinRefused: PinRefusal | null = null) =>
    reply(
      {
        errors: {},
        formError,
        review: viewOf(review, balanceKobo, sealed, {
          ...(await pinView(user.id, pinRefused)),
          setPinHref: setPinAddress("/dashboard/bulk-purchase"),
        }),
      },
      status,
    );
  if (notice !== null) return shown(notice, 409);
  if (formData.get("intent") === LIST_INTENT) {
    const list = await saveReviewAsList(user.id, review, formData.get(LIST_NAME_FIELD));
    const answer = await shown(null, list.saved === null ? 400 : 200);
    return data<BulkReply>({ ...answer.data, list }, answer.init ?? undefined);
  }
  if (!confirming) return shown(null, 200);

  const posted = unseal(PURPOSE, sealedReviewSchema, formData.get("review"));
  if (posted === null || posted.userId !== user.id || posted.key !== key || posted.digest !== digest)
    return shown(m.bulk_review_changed(), 409);
  if (Date.now() - posted.issuedAt > REVIEW_TTL_MS) return shown(m.bulk_review_expired(), 409);
  const refusal = refusalOf(review, balanceKobo);
  if (refusal !== null) return shown(refusal, 400);
  // Last, once the batch could start: a refused PIN leaves the review as it was.
  const pinRefused = await refusePin(user.id, formData.get("pin"));
  if (pinRefused !== null) return shown(null, 400, pinRefused);

  // The rows' Sold for (decision 085) is the shop's, not the purchase's: a rule that cannot be
  // read leaves the rows without one, and the store's own trouble is said when the batch is created.
  const rules = await priceRulesOf(user.id).catch((error: unknown): PriceRules => {
    log("warn", "bulk.price-rules-unavailable", { requestId: caller.requestId, ...errorFields(error) });
    return {};
  });
  const now = Date.now();
  const batch: Batch = {
    id: batchId,
    userId: user.id,
    key,
    product: review.product,
    createdAt: now,
    touchedAt: now,
    formDigest: formDigest(form.input),
    finishedAt: null,
    stopped: null,
    ...batchRowsOf(review, rules),
  };
  const store = batchStore();
  let created: boolean;
  try {
    created = await store.create(batch);
  } catch (error) {
    log("warn", "bulk.store-unavailable", { error: error instanceof Error ? error.message : String(error) });
    return shown(m.bulk_store_unavailable(), 503);
  }
  if (created) {
    log("info", "bulk.started", { requestId: caller.requestId, batch: batch.id, rows: batch.rows.length });
    void runBatch(store, batch, caller);
  }
  return redirect(progressPath(batch.id));
}

/** The form as read (what to buy, the list, the amount, the choices made): a repeat of a Confirm posts the same. */
function formDigest(input: BulkInput): string {
  const sorted = (choices: Record<string, string>) => Object.entries(choices).sort(([a], [b]) => a.localeCompare(b));
  const read = [input.product, input.entries, input.amountKobo, sorted(input.networks), sorted(input.plans)];
  return createHash("sha256").update(JSON.stringify(read)).digest("base64url");
}

function progressPath(batchId: string): string {
  return `/dashboard/bulk-purchase/${batchId}`;
}

async function existing(userId: number, batchId: string): Promise<Batch | null> {
  try {
    return await batchStore().read(userId, batchId);
  } catch {
    // The store is down: the confirm below fails to create too, and says so.
    return null;
  }
}

/**
 * The reviewed numbers kept as a customer list: each number once, on the network the review
 * put it on, under the name it is saved under, if any. A row that is no number is left out.
 */
async function saveReviewAsList(
  accountId: number,
  review: Review,
  typed: FormDataEntryValue | null,
): Promise<NonNullable<BulkReply["list"]>> {
  const name = typeof typed === "string" ? typed : "";
  const names = new Map((await savedCustomers(accountId, ["phone"])).map((entry) => [entry.number, entry.name]));
  const entries = review.rows.flatMap((row) =>
    row.phone === null ? [] : [{ number: row.phone, network: row.network, name: names.get(row.phone) ?? "" }],
  );
  const answer = await saveListAsTyped(accountId, name, entries);
  if ("errors" in answer) return { name, errors: answer.errors, saved: null };
  return { name: "", errors: {}, saved: m.lists_saved({ name: answer.saved.name, count: answer.saved.count }) };
}
