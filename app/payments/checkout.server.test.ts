import { describe, expect, it } from "vitest";
import { seal } from "../infra/seal.server.ts";
import { openReturnState, type ReturnState } from "./checkout.server.ts";

// The payment return's state comes back through the browser and the gateway. Sealed, it
// cannot be changed; but a state sealed with a leaked secret must still never send the person
// off the site: its return address passes the rule every return address passes (decision 068).

const state: ReturnState = { userId: 7, purpose: "order", reference: "PV-1", amountKobo: 50_000, backTo: "/dashboard" };

/** The return address a state with this `backTo` leads to, once opened. */
function backToOf(backTo: string): string | undefined {
  return openReturnState(seal("payment-return", { ...state, backTo }))?.backTo;
}

describe("the payment return's address", () => {
  it.each([
    "//evil.example",
    "//evil.example/dashboard",
    "/\\evil.example",
    "/\t/evil.example",
    "/%2F/evil.example",
    "/%5Cevil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "dashboard",
    "",
  ])("sends %j to the dashboard, never elsewhere", (hostile) => {
    expect(backToOf(hostile)).toBe("/dashboard");
  });

  it.each(["/dashboard/purchase-airtime", "/dashboard/pay-for-tv?provider=2", "/dashboard/fund-wallet"])(
    "keeps the portal's own page %s",
    (page) => {
      expect(backToOf(page)).toBe(page);
    },
  );

  it("opens no state sealed for another purpose", () => {
    expect(openReturnState(seal("confirmation", state))).toBeNull();
  });
});
