import type { DatabaseSync } from "node:sqlite";
import { findCardOrder } from "../purchases/card-orders.ts";
import { inTransaction } from "../store/db.ts";
import { findGatewayPayment, markCredited } from "./gateway.ts";
import { nairaText } from "./money.ts";
import { findReservedAccountByNumber } from "./reserved-accounts.ts";
import { recordTransaction } from "./transactions.ts";
import type { TransactionRecord } from "./transactions.ts";
import type { UserRecord } from "../accounts/users.ts";

// Money into the wallet: a card payment at the sandbox gateway (call 42), a transfer to a
// reserved account (simulateTransfer, the tester's stand-in for the bank's notice), and an
// approved manual report (manual-reports.ts). Each is one funding transaction with one
// ledger row, written by recordTransaction in the same write as whatever makes it
// once-only.

// Card funding costs 1.5 percent, rounded down to the naira (decision 016).
export const cardChargeBasisPoints = 150;
// 0.85 % per deposit to a reserved account, as the Bank transfer panels say.
export const transferChargeBasisPoints = 85;
// Card funding's ₦100 minimum, which the sandbox applies to a transfer too: a deposit smaller
// than this is not worth the bank's charge.
export const minTransferKobo = 100_00;
export const maxTransferKobo = 10_000_000_00;

// In whole integers throughout: amount × percent is exact in kobo × basis points, and the
// remainder is dropped before dividing, so no float rounding decides a naira.
export function cardChargeKobo(amountKobo: number, basisPoints: number = cardChargeBasisPoints): number {
  assertKobo(amountKobo);
  const scaled = amountKobo * basisPoints;
  const perNaira = 10_000 * 100;
  return ((scaled - (scaled % perNaira)) / perNaira) * 100;
}

// Rounded half up to the kobo: ₦1,000 costs ₦8.50, ₦1,000.59 costs ₦8.51.
export function transferChargeKobo(amountKobo: number): number {
  assertKobo(amountKobo);
  const scaled = amountKobo * transferChargeBasisPoints + 5_000;
  return (scaled - (scaled % 10_000)) / 10_000;
}

function assertKobo(amountKobo: number): void {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0) {
    throw new RangeError(`Amount ${amountKobo} is not a whole number of kobo.`);
  }
}

export const fundingMessages = {
  invalidReference: "This payment reference is not valid.",
  notCompleted: "This payment was not completed.",
  alreadyCredited: "This payment has already been credited to your wallet.",
} as const;

export type CardCredit =
  | { readonly ok: true; readonly transaction: TransactionRecord; readonly chargeKobo: number }
  | { readonly ok: false; readonly message: string };

// Call 42. The payment must be the caller's (by the e-mail it was made with), paid, and not
// yet in anyone's wallet; a card order's payment bought airtime or data and is never wallet
// money. markCredited is the once-only guard, under the same write lock as the credit.
export function creditCardPayment(db: DatabaseSync, user: UserRecord, reference: string, at: string): CardCredit {
  return inTransaction(db, () => {
    const payment = findGatewayPayment(db, reference);
    if (
      payment === undefined ||
      payment.customerEmail.toLowerCase() !== user.email.toLowerCase() ||
      findCardOrder(db, reference) !== undefined
    ) {
      return { ok: false, message: fundingMessages.invalidReference };
    }
    if (payment.status !== "paid") {
      return { ok: false, message: fundingMessages.notCompleted };
    }
    if (payment.creditedTransactionId !== null) {
      return { ok: false, message: fundingMessages.alreadyCredited };
    }
    const chargeKobo = cardChargeKobo(payment.amountKobo);
    const transaction = recordFunding(db, user.id, at, {
      plan: "Card",
      description: `Card funding ${nairaText(payment.amountKobo)} (charge ${nairaText(chargeKobo)})`,
      description2: `Gateway reference ${payment.reference}`,
      paidKobo: payment.amountKobo,
      creditKobo: payment.amountKobo - chargeKobo,
    });
    if (!markCredited(db, reference, transaction.id)) {
      throw new Error(`Gateway payment ${reference} was credited while this credit held the write lock.`);
    }
    return { ok: true, transaction, chargeKobo };
  });
}

export interface Transfer {
  readonly accountNumber: string;
  readonly amountKobo: number;
}

export type TransferResult =
  | { readonly ok: true; readonly creditedKobo: number; readonly chargeKobo: number }
  | { readonly ok: false; readonly reason: string };

// A tester's transfer to a reserved account. Each call is a new deposit, as two real
// transfers of the same amount are two deposits.
export function simulateTransfer(db: DatabaseSync, transfer: Transfer, at: string): TransferResult {
  const { amountKobo } = transfer;
  if (!Number.isSafeInteger(amountKobo)) {
    return { ok: false, reason: "The amount must be a whole number of kobo." };
  }
  if (amountKobo < minTransferKobo) {
    return { ok: false, reason: `The amount must be at least ${nairaText(minTransferKobo)}.` };
  }
  if (amountKobo > maxTransferKobo) {
    return { ok: false, reason: `The amount must be at most ${nairaText(maxTransferKobo)}.` };
  }
  return inTransaction(db, () => {
    const account = findReservedAccountByNumber(db, transfer.accountNumber);
    if (account === undefined) {
      return { ok: false, reason: "No reserved account has that number." };
    }
    const chargeKobo = transferChargeKobo(amountKobo);
    const creditedKobo = amountKobo - chargeKobo;
    recordFunding(db, account.userId, at, {
      plan: "Bank transfer",
      description: `Bank transfer to ${account.bankName} ${account.accountNumber} (charge ${nairaText(chargeKobo)})`,
      description2: `Deposit of ${nairaText(amountKobo)} less ${transferChargeBasisPoints / 100}%`,
      paidKobo: amountKobo,
      creditKobo: creditedKobo,
    });
    return { ok: true, creditedKobo, chargeKobo };
  });
}

export interface FundingDraft {
  readonly plan: string;
  readonly description: string;
  readonly description2: string;
  // What the customer paid (the row's subtotal) and what reaches the wallet (its amount).
  readonly paidKobo: number;
  readonly creditKobo: number;
}

export function recordFunding(db: DatabaseSync, userId: number, at: string, draft: FundingDraft): TransactionRecord {
  const recorded = recordTransaction(db, {
    userId,
    product: "funding",
    subcategoryId: null,
    plan: draft.plan,
    description: draft.description,
    description2: draft.description2,
    response: "Payment received",
    subtotalKobo: draft.paidKobo,
    amountKobo: draft.creditKobo,
    status: 1,
    createdAt: at,
  });
  if (!recorded.ok) {
    throw new Error("A funding was refused, though a credit cannot overdraw.");
  }
  return recorded.transaction;
}
