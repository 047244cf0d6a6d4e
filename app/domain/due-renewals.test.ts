import { describe, expect, it } from "vitest";
import { type DueRenewalRow, dueRenewals } from "./due-renewals.ts";

// Decision 086: which cable and electricity customers the Due renewals page lists, and Renew's link.

function cable(smartNo: string, createdAt: string, changes: Partial<DueRenewalRow> = {}): DueRenewalRow {
  return {
    plan: "DStv Compact",
    description: `DStv Compact renewed for smart card ${smartNo}`,
    description2: "Customer: Adaeze Nwosu",
    phoneNumber: "08011111111",
    smartNo,
    meterNo: "",
    subtotal: 19_000_00,
    status: 1,
    createdAt,
    ...changes,
  };
}

function meter(meterNo: string, createdAt: string, changes: Partial<DueRenewalRow> = {}): DueRenewalRow {
  return {
    plan: "IKEDC prepaid",
    description: `IKEDC - Ikeja Electric prepaid token for meter ${meterNo}: 1234-5678`,
    description2: "Customer: Musa Bello",
    phoneNumber: "08022222222",
    smartNo: "",
    meterNo,
    subtotal: 5_000_00,
    status: 1,
    createdAt,
    ...changes,
  };
}

/** Bought on 3 Nov 2026 in Lagos: renews on 3 Dec. */
const BOUGHT = "2026-11-03T10:00:00Z";

describe("dueRenewals: from seven days ahead to five days past", () => {
  it.each([
    ["2026-11-25", false],
    ["2026-11-26", true],
    ["2026-12-03", true],
    ["2026-12-08", true],
    ["2026-12-09", false],
  ])("on %s: %s", (today, listed) => {
    expect(dueRenewals([cable("1212121212", BOUGHT), meter("45012345678", BOUGHT)], today).length).toBe(listed ? 2 : 0);
  });
});

describe("dueRenewals: which purchase counts", () => {
  it.each([
    ["a failed purchase renewed nothing", [cable("1", BOUGHT, { status: 2 })], 0],
    ["a reversed one neither", [meter("2", BOUGHT, { status: 4 })], 0],
    ["a pending one may have", [cable("1", BOUGHT, { status: 0 })], 1],
    ["a card bought for again since starts again", [cable("1", BOUGHT), cable("1", "2026-11-20T10:00:00Z")], 0],
    ["airtime is no renewal", [{ ...cable("", BOUGHT), plan: "MTN Airtime", description: "₦500 MTN airtime" }], 0],
    [
      "a card and a meter of the same digits are two customers",
      [cable("45012345678", BOUGHT), meter("45012345678", BOUGHT)],
      2,
    ],
  ])("%s", (_, rows, count) => {
    expect(dueRenewals(rows, "2026-12-01")).toHaveLength(count);
  });
});

describe("dueRenewals: what each says", () => {
  it("names the customer, the day, the days left, and Renew fills the product's form", () => {
    const due = dueRenewals(
      [meter("45012345678", "2026-11-01T10:00:00Z"), cable("1212121212", BOUGHT, { description2: "" })],
      "2026-11-30",
    );
    expect(due).toEqual([
      {
        product: "electricity",
        number: "45012345678",
        customer: "Musa Bello",
        plan: "IKEDC prepaid",
        day: "2026-12-01",
        daysLeft: 1,
        lastKobo: 5_000_00,
        renew:
          "/dashboard/pay-for-electricity?network=IKEDC&meterNo=45012345678&meterType=prepaid&phone=08022222222&amount=5000",
      },
      {
        product: "cable",
        number: "1212121212",
        customer: "",
        plan: "DStv Compact",
        day: "2026-12-03",
        daysLeft: 3,
        lastKobo: 19_000_00,
        renew: "/dashboard/pay-for-tv?network=DStv&planName=DStv+Compact&smartNo=1212121212&phone=08011111111",
      },
    ]);
  });
  it("counts a day past as negative", () => {
    expect(dueRenewals([cable("1", BOUGHT)], "2026-12-05")[0]?.daysLeft).toBe(-2);
  });
});
