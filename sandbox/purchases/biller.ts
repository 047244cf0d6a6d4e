import { localNumber } from "./sms.ts";

// The simulated biller, keyed on test values in the spirit of VTpass's sandbox (decision
// 014) and listed in docs/sandbox.md under "Sandbox test values". Airtime, data, bulk SMS and
// exam PINs go by phone number, and every other valid number is delivered at once; cable
// and electricity go by the smart card or meter (customers.ts), as the provider does.
export const billerTestNumbers = {
  delivered: "08011111111",
  pending: "08022222222",
  failed: "08033333333",
} as const;

export type BillerOutcome =
  { readonly kind: "delivered" } | { readonly kind: "pending" } | { readonly kind: "failed"; readonly number: string };

// A bulk message fails as a whole when any recipient fails, and failing wins over pending:
// a refund is the outcome a tester most needs to see, and it leaves nothing to settle.
export function billerOutcome(numbers: readonly string[]): BillerOutcome {
  const local = numbers.map(localNumber);
  if (local.includes(billerTestNumbers.failed)) {
    return { kind: "failed", number: billerTestNumbers.failed };
  }
  return local.includes(billerTestNumbers.pending) ? { kind: "pending" } : { kind: "delivered" };
}
