import type { DatabaseSync } from "node:sqlite";
import { listProviders } from "../purchases/catalog.ts";
import type { DemoAccount } from "./demo-accounts.ts";
import { appendLedgerEntry } from "../money/ledger.ts";
import { nairaText } from "../money/money.ts";
import { seededRandom } from "./random.ts";
import type { Random } from "./random.ts";
import { draftPurchase } from "./history-products.ts";
import type { PurchaseDetails, PurchaseKind, PurchaseRequest, Shopper } from "./history-products.ts";
import { dayMs, lagosMidnight } from "../money/time.ts";
import { recordTransaction, reverseTransaction, transactionRef } from "../money/transactions.ts";
import type { NewTransaction, TransactionStatus } from "../money/transactions.ts";

// Six months of history for a demo account, so every column and badge of the portal's
// transactions page has something to show. The generator is seeded by the account's e-mail
// and only the dates depend on the seed time, so tests can rely on the counts.
//
// How the balances add up: the history is first played out from a zero balance, topping
// the wallet up whenever a purchase needs it. Purchases are at most 45% of the documented
// balance and a top-up leaves at most about 91% of it, so the played-out history always
// ends below the documented balance; the opening credit at sign-up is the difference. Every
// balance shown is then the ledger's, and the last one is the documented balance.

const historyDays = 180;
const joinedDaysAgo = historyDays + 3;
const minuteMs = 60 * 1000;
const categoryOf: Readonly<Record<PurchaseKind, number>> = {
  airtime: 2,
  data: 1,
  cable: 3,
  electricity: 4,
  exam: 6,
  sms: 11,
};

type Planned = PurchaseRequest & { readonly status: TransactionStatus };

interface HistoryEvent {
  readonly at: number;
  readonly draft: Omit<NewTransaction, "userId" | "createdAt" | "transactionRef">;
  // Reversed purchases are recorded as pending and refunded this long after.
  readonly refundAfterMs?: number;
}

export function demoJoinedAt(seedMs: number): string {
  return new Date(lagosMidnight(seedMs) - joinedDaysAgo * dayMs + 10 * 60 * minuteMs).toISOString();
}

export function seedDemoHistory(db: DatabaseSync, userId: number, account: DemoAccount, seedMs: number): void {
  const random = seededRandom(`demo-history:${account.email}`);
  const { events, endKobo } = playOut(db, random, account, seedMs);
  const opening = account.balanceKobo - endKobo;
  if (opening <= 0) {
    throw new Error(`The demo history of ${account.email} ends above its documented balance.`);
  }
  appendLedgerEntry(db, {
    userId,
    amountKobo: opening,
    kind: "opening_balance",
    reference: `demo-${account.levelName.toLowerCase()}-opening-balance`,
    createdAt: demoJoinedAt(seedMs),
  });
  for (const event of events) {
    const createdAt = new Date(event.at).toISOString();
    const ref = transactionRef(createdAt, (size) => random.int(0, size - 1));
    const recorded = recordTransaction(db, { ...event.draft, userId, createdAt, transactionRef: ref });
    if (!recorded.ok) {
      throw new Error(`The demo history of ${account.email} overdraws at ${createdAt}.`);
    }
    if (event.refundAfterMs !== undefined) {
      const amount = nairaText(recorded.transaction.amountKobo);
      const reversed = reverseTransaction(db, userId, recorded.transaction.id, {
        response: `Delivery failed at the provider; ${amount} was refunded to your wallet.`,
        at: new Date(event.at + event.refundAfterMs).toISOString(),
      });
      if (!reversed.ok) {
        throw new Error(`The demo history of ${account.email} cannot reverse ${ref}.`);
      }
    }
  }
}

// The history from a zero balance, with a top-up before any purchase the wallet could not
// pay for; endKobo is where that balance ends.
function playOut(
  db: DatabaseSync,
  random: Random,
  account: DemoAccount,
  seedMs: number,
): { events: HistoryEvent[]; endKobo: number } {
  const providers = listProviders(db, account.level);
  const shopper: Shopper = { random, ownPhone: account.phoneNo, maxKobo: Math.floor(account.balanceKobo * 0.45) };
  const events: HistoryEvent[] = [];
  let balance = 0;
  for (const { at, planned } of schedule(random, seedMs)) {
    const category = categoryOf[planned.kind];
    const details = draftPurchase(
      shopper,
      providers.filter((provider) => provider.categoryId === category),
      planned,
    );
    // A catalog an operator has emptied of a kind simply leaves that kind out.
    if (details === undefined) {
      continue;
    }
    const paid = planned.status === 0 || planned.status === 1 || planned.status === 4;
    if (paid && balance < details.amountKobo) {
      const topUp = random.int(Math.round(account.balanceKobo * 0.2), Math.round(account.balanceKobo * 0.35));
      const funding = fundingDraft(random, details.amountKobo - balance + topUp, Math.round(account.balanceKobo / 10));
      events.push({ at: at - random.int(5, 40) * minuteMs, draft: funding });
      balance += funding.amountKobo;
    }
    events.push(purchaseEvent(random, at, details, planned.status));
    balance -= paid && planned.status !== 4 ? details.amountKobo : 0;
  }
  // A top-up is at most 40 minutes before its purchase and a refund 30 minutes after, so
  // the schedule's spacing keeps them in order; checked, since a change there could break it.
  events.forEach((event, index) => {
    const previous = events[index - 1];
    if (previous !== undefined && previous.at + (previous.refundAfterMs ?? 0) >= event.at) {
      throw new Error(`The demo history of ${account.email} is out of order at ${new Date(event.at).toISOString()}.`);
    }
  });
  return { events, endKobo: balance };
}

// Oldest first. Each purchase gets its own run of days, at a daytime hour in Lagos, so a
// top-up before it or a refund after it never overtakes a neighbour; the pending ones are
// the newest, minutes old, as a biller would still be working on them.
function schedule(random: Random, seedMs: number): { at: number; planned: Planned }[] {
  const settled = random.shuffle(plannedPurchases(random));
  const slotDays = Math.floor(historyDays / settled.length);
  const today = lagosMidnight(seedMs);
  const timed = settled.map((planned, index) => {
    const daysAgo = historyDays + 1 - (index * slotDays + random.int(0, slotDays - 1));
    const secondOfDay = random.int(7 * 3600, 21 * 3600 + 59 * 60);
    return { at: today - daysAgo * dayMs + secondOfDay * 1000, planned };
  });
  const pending = Array.from({ length: random.int(1, 2) }, (_, index) => {
    const kind = random.pick(["airtime", "data", "electricity"] as const);
    return {
      at: seedMs - (95 - 70 * index) * minuteMs,
      planned: { kind, status: 0, delivered: false, prepaid: false } as const,
    };
  });
  return [...timed, ...pending];
}

// One delivered purchase of every kind (a prepaid token and an exam card among them) and at
// least one failed, ignored and reversed, then a realistic mix.
function plannedPurchases(random: Random): Planned[] {
  const delivered = (kind: PurchaseKind, prepaid = false): Planned => ({ kind, status: 1, delivered: true, prepaid });
  const undelivered = (status: TransactionStatus): Planned => ({
    kind: randomKind(random),
    status,
    delivered: false,
    prepaid: false,
  });
  const planned = [
    ...(["airtime", "data", "cable", "exam", "sms"] as const).map((kind) => delivered(kind)),
    delivered("electricity", true),
    undelivered(2),
    undelivered(3),
    undelivered(4),
  ];
  const total = random.int(36, 56);
  while (planned.length < total) {
    const roll = random.next();
    planned.push(roll < 0.82 ? delivered(randomKind(random)) : undelivered(roll < 0.9 ? 2 : roll < 0.93 ? 3 : 4));
  }
  return planned;
}

// Cumulative shares: airtime and data are most of what people buy.
const kindShares: readonly (readonly [PurchaseKind, number])[] = [
  ["airtime", 0.3],
  ["data", 0.6],
  ["electricity", 0.75],
  ["cable", 0.85],
  ["sms", 0.92],
  ["exam", 1],
];

function randomKind(random: Random): PurchaseKind {
  const roll = random.next();
  return kindShares.find(([, share]) => roll < share)?.[0] ?? "exam";
}

const responses: Readonly<Record<0 | 1 | 2 | 3, readonly string[]>> = {
  0: ["Awaiting confirmation from the provider"],
  1: ["TRANSACTION SUCCESSFUL"],
  2: [
    "The provider declined the request; your wallet was not charged.",
    "Provider service is unavailable at the moment, please try again later.",
  ],
  3: ["Duplicate request ignored: the same purchase was made less than 5 minutes earlier."],
};

function purchaseEvent(random: Random, at: number, details: PurchaseDetails, status: TransactionStatus): HistoryEvent {
  const recordedStatus = status === 4 ? 0 : status;
  const draft = { ...details, status: recordedStatus, response: random.pick(responses[recordedStatus]) };
  return status === 4 ? { at, draft, refundAfterMs: random.int(5, 30) * minuteMs } : { at, draft };
}

// Enough to cover `neededKobo` after the channel's charge, in round amounts of `unitKobo`
// as people transfer. Charges follow money/funding.ts: 0.85% by transfer, 1.5% by card, both
// rounded down to the naira; a manual payment is credited in full.
function fundingDraft(random: Random, neededKobo: number, unitKobo: number): HistoryEvent["draft"] {
  const channel = random.pick(["Wema Bank", "Sterling Bank", "Wema Bank", "Card", "Manual payment"] as const);
  const basisPoints = channel === "Card" ? 150 : channel === "Manual payment" ? 0 : 85;
  const paidKobo = Math.ceil(neededKobo / (1 - basisPoints / 10_000) / unitKobo) * unitKobo;
  const chargeKobo = Math.floor((paidKobo * basisPoints) / 10_000 / 100) * 100;
  const paid = nairaText(paidKobo);
  let description = `Wallet funding of ${paid} by transfer to your ${channel} reserved account`;
  if (channel === "Card") {
    description = `Wallet funding of ${paid} by card`;
  } else if (channel === "Manual payment") {
    description = `Manual payment of ${paid} by ${random.pick(["Mobile Transfer", "USSD", "POS"])}, approved`;
  }
  return {
    product: "funding",
    subcategoryId: null,
    plan: channel === "Card" || channel === "Manual payment" ? channel : "Bank transfer",
    description,
    description2: chargeKobo > 0 ? `Charge ${nairaText(chargeKobo)} (${basisPoints / 100}%)` : "",
    response: "Payment received",
    subtotalKobo: paidKobo,
    amountKobo: paidKobo - chargeKobo,
    status: 1,
  };
}
