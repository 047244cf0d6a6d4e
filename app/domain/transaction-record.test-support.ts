import type { TransactionRecord } from "./transactions.ts";

/** A history row for tests: every field empty or zero, Confirmed, in mid-January 2026; `overrides` say what matters. */
export function transactionRecord(id: number, overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  return {
    id,
    reference: `PV${id}`,
    plan: "",
    phoneNumber: "",
    smartNo: "",
    meterNo: "",
    description: "",
    description2: "",
    response: "",
    subtotal: 0,
    amount: 0,
    examCard: "",
    token: "",
    initialBalanceKobo: 0,
    newBalanceKobo: 0,
    status: 1,
    createdAt: "2026-01-15T10:00:00Z",
    ...overrides,
  };
}
