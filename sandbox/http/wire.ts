import { dataPlanLabel } from "../purchases/catalog.ts";
import type { DataPlan, Provider, UserLevel, Variation } from "../purchases/catalog.ts";
import { isJsonObject } from "./input.ts";
import { basisPointsToPercent, koboToNaira } from "../money/money.ts";
import { lagosTime } from "../money/time.ts";
import type { TransactionRecord, TransactionStatus } from "../money/transactions.ts";
import type { UserRecord } from "../accounts/users.ts";

export interface WireProduct {
  readonly plan?: string;
  readonly amount1: number;
}

export interface WireSubcategory {
  readonly id: number;
  readonly key: string;
  readonly title: string;
  readonly image: string;
  readonly category_id: number;
  readonly amount: number;
  readonly description: string;
  readonly products: readonly WireProduct[];
}

// Subcategory.products (docs/upstream-api.md): a plan list prices each plan in naira; every other
// provider carries its discount percent as the single product.
export function toWireSubcategory(provider: Provider): WireSubcategory {
  const discountPercent = basisPointsToPercent(provider.discountBasisPoints);
  return {
    id: provider.id,
    key: provider.key,
    title: provider.title,
    image: provider.image,
    category_id: provider.categoryId,
    amount: discountPercent,
    description: provider.description,
    products:
      provider.priceList === "plans"
        ? provider.plans.map((plan) => ({ plan: plan.plan, amount1: koboToNaira(plan.amountKobo) }))
        : [{ amount1: discountPercent }],
  };
}

// Call 18: one element, the provider with the caller's discount percent.
export interface WireAirtimePlan {
  readonly id: number;
  readonly title: string;
  readonly amount: number;
  readonly image: string;
  readonly description: string;
}

export function toWireAirtimePlan(provider: Provider): WireAirtimePlan {
  return {
    id: provider.id,
    title: provider.title,
    amount: basisPointsToPercent(provider.discountBasisPoints),
    image: provider.image,
    description: provider.description,
  };
}

// DataPlan: amount is the price charged before discount, variation_amount the
// provider's face price.
export interface WireDataPlan {
  readonly plan: string;
  readonly amount: number;
  readonly size: string;
  readonly variation_amount: number;
  readonly service_id: string;
  readonly variation_code: string;
}

export interface WireDataPlans {
  readonly plans: readonly WireDataPlan[];
  readonly amount: number;
  readonly image: string;
  readonly description: string;
}

export function toWireDataPlan(provider: Provider, plan: DataPlan): WireDataPlan {
  return {
    plan: dataPlanLabel(provider, plan),
    amount: koboToNaira(plan.amountKobo),
    size: plan.size,
    variation_amount: koboToNaira(plan.variationAmountKobo),
    service_id: plan.serviceId,
    variation_code: plan.variationCode,
  };
}

// Call 22: one element holding the plans and the caller's discount percent.
export function toWireDataPlans(provider: Provider): WireDataPlans {
  return {
    plans: provider.plans.map((plan) => toWireDataPlan(provider, plan)),
    amount: basisPointsToPercent(provider.discountBasisPoints),
    image: provider.image,
    description: provider.description,
  };
}

// A cable plan and an exam PIN type (calls 27 and 33): one shape, the price in naira.
export interface WireVariation {
  readonly name: string;
  readonly variation_code: string;
  readonly variation_amount: number;
}

export function toWireVariation(variation: Variation): WireVariation {
  return {
    name: variation.name,
    variation_code: variation.variationCode,
    variation_amount: koboToNaira(variation.amountKobo),
  };
}

// An exam package (call 32): a provider cut down to what the exam page shows.
export interface WireExamPackage {
  readonly id: number;
  readonly title: string;
  readonly image: string;
  readonly amount: number;
  readonly key: string;
}

export function toWireExamPackage(provider: Provider): WireExamPackage {
  return {
    id: provider.id,
    title: provider.title,
    image: provider.image,
    amount: basisPointsToPercent(provider.discountBasisPoints),
    key: provider.key,
  };
}

export interface WireReservedAccount {
  readonly accountName: string;
  readonly accountNumber: string;
}

export interface WireProfile {
  readonly phone_no: string;
  readonly wallet_balance: number;
  readonly otp_verification: 0 | 1;
  readonly account_name: string | null;
  readonly account_number: string | null;
  readonly bank_name: string | null;
  readonly webhook_url: string | null;
  readonly referred_by: string | null;
  readonly hear_us: string | null;
  readonly sterling_account: readonly WireReservedAccount[] | null;
  readonly wema_account: readonly WireReservedAccount[] | null;
}

export interface WireUser {
  readonly id: number;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly username: string;
  readonly date_joined: string;
  readonly level: UserLevel;
  readonly profile: WireProfile;
}

// User and its profile (call 5); the balance comes from the ledger, passed in by the caller.
export function toWireUser(user: UserRecord, balanceKobo: number): WireUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    username: user.username,
    date_joined: user.dateJoined,
    level: user.level,
    profile: {
      phone_no: user.phoneNo,
      wallet_balance: koboToNaira(balanceKobo),
      otp_verification: user.otpVerified ? 1 : 0,
      account_name: user.accountName,
      account_number: user.accountNumber,
      bank_name: user.bankName,
      webhook_url: user.webhookUrl,
      referred_by: user.referredBy,
      hear_us: user.hearUs,
      sterling_account: toReservedAccounts(user.sterlingAccount),
      wema_account: toReservedAccounts(user.wemaAccount),
    },
  };
}

// The column holds JSON written by the sandbox; a shape it does not expect is a bug to
// surface, not something to pass on to the portal.
function toReservedAccounts(stored: string | null): WireReservedAccount[] | null {
  if (stored === null) {
    return null;
  }
  const parsed: unknown = JSON.parse(stored);
  if (!Array.isArray(parsed)) {
    throw new TypeError("A reserved-account column does not hold a JSON array.");
  }
  return parsed.map((entry: unknown) => {
    if (
      !isJsonObject(entry) ||
      typeof entry["accountName"] !== "string" ||
      typeof entry["accountNumber"] !== "string"
    ) {
      throw new TypeError("A reserved account lacks accountName or accountNumber.");
    }
    return { accountName: entry["accountName"], accountNumber: entry["accountNumber"] };
  });
}

export interface WireTransaction {
  readonly id: number;
  readonly transaction_ref: string;
  readonly plan: string;
  readonly phone_number: string;
  readonly smart_no: string;
  readonly meter_no: string;
  readonly description: string;
  readonly description2: string;
  readonly response: string;
  readonly subtotal: number;
  readonly amount: number;
  readonly exam_card: string;
  readonly token: string;
  readonly initial_balance: number;
  readonly new_balance: number;
  readonly status: TransactionStatus;
  readonly created_at: string;
}

// Transaction (calls 36 and 37): naira numbers, "" for empty text (never null), and the time
// in Lagos with its offset, as an upstream hosted in Nigeria writes it.
export function toWireTransaction(transaction: TransactionRecord): WireTransaction {
  return {
    id: transaction.id,
    transaction_ref: transaction.transactionRef,
    plan: transaction.plan,
    phone_number: transaction.phoneNumber,
    smart_no: transaction.smartNo,
    meter_no: transaction.meterNo,
    description: transaction.description,
    description2: transaction.description2,
    response: transaction.response,
    subtotal: koboToNaira(transaction.subtotalKobo),
    amount: koboToNaira(transaction.amountKobo),
    exam_card: transaction.examCard,
    token: transaction.token,
    initial_balance: koboToNaira(transaction.initialBalanceKobo),
    new_balance: koboToNaira(transaction.newBalanceKobo),
    status: transaction.status,
    created_at: lagosTime(transaction.createdAt),
  };
}
