import { describe, expect, it } from "vitest";
import { renewalText } from "../history/words.ts";
import { type Renewal, type RenewalRow, renewalsDue } from "./renewals.ts";

// Decision 052: which smart cards the dashboard reminds about, on which day, in which words.

function cable(smartNo: string, createdAt: string, changes: Partial<RenewalRow> = {}): RenewalRow {
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

const CARD = "1212121212";
/** Bought on 3 Nov 2026 in Lagos: renews on 3 Dec. */
const BOUGHT = "2026-11-03T10:00:00Z";

describe("renewalsDue: shown from five days before the renewal day to 35 days after the purchase", () => {
  it.each([
    ["2026-11-27", false],
    ["2026-11-28", true],
    ["2026-12-03", true],
    ["2026-12-08", true],
    ["2026-12-09", false],
    // Bought today: far from renewing.
    ["2026-11-03", false],
  ])("on %s: %s", (today, shown) => {
    expect(renewalsDue([cable(CARD, BOUGHT)], today).length).toBe(shown ? 1 : 0);
  });
});

describe("renewalsDue: the words and the link", () => {
  it.each([
    ["the customer the upstream named", {}, "DStv Compact for Adaeze Nwosu renews around 3 Dec"],
    ["the smart card when no customer is named", { description2: "" }, `DStv Compact for ${CARD} renews around 3 Dec`],
    [
      "a customer worded without a colon",
      { description2: "Customer NGOZI EZE, 7 Allen Avenue" },
      "DStv Compact for NGOZI EZE renews around 3 Dec",
    ],
    [
      "the plan as the history has it",
      {
        plan: "GOtv Max",
        description: `GOtv Max renewed for IUC ${CARD}`,
        description2: "Customer: Mama Nkechi",
      },
      "GOtv Max for Mama Nkechi renews around 3 Dec",
    ],
  ])("names %s", (_, changes, text) => {
    expect(renewalsDue([cable(CARD, BOUGHT, changes)], "2026-11-30").map((renewal) => renewalText(renewal))).toEqual([
      text,
    ]);
  });

  it("links Buy again to the TV page with the card and plan filled in", () => {
    const [renewal] = renewalsDue([cable(CARD, BOUGHT)], "2026-11-30");
    expect(renewal).toEqual({
      plan: "DStv Compact",
      customer: "Adaeze Nwosu",
      when: "ahead",
      day: "2026-12-03",
      smartNo: CARD,
      buyAgain: "/dashboard/pay-for-tv?network=DStv&planName=DStv+Compact&smartNo=1212121212&phone=08011111111",
    });
  });

  it.each([
    ["2026-11-30", "DStv Compact for Adaeze Nwosu renews around 3 Dec"],
    ["2026-12-03", "DStv Compact for Adaeze Nwosu renews around today"],
    ["2026-12-06", "DStv Compact for Adaeze Nwosu was due around 3 Dec"],
  ])("on %s says %s", (today, text) => {
    expect(renewalsDue([cable(CARD, BOUGHT)], today).map((renewal) => renewalText(renewal))[0]).toBe(text);
  });

  it("says it in Hausa and Pidgin, the plan and the name as they are, the day with the language's month", () => {
    const [renewal] = renewalsDue([cable(CARD, BOUGHT)], "2026-11-30") as [Renewal];
    expect(renewalText(renewal, "ha")).toBe("DStv Compact na Adaeze Nwosu zai sabunta kusan Dis 3");
    expect(renewalText(renewal, "pcm")).toBe("DStv Compact for Adaeze Nwosu go renew around 3 Dec");
    expect(renewalText({ ...renewal, plan: "", when: "past" }, "ha")).toBe(
      "Kuɗin kallonka na Adaeze Nwosu ya kamata ya sabunta kusan Dis 3",
    );
  });

  it("counts the day in Lagos: 23:30 UTC on 2 Nov is 3 Nov there", () => {
    expect(renewalsDue([cable(CARD, "2026-11-02T23:30:00Z")], "2026-11-30")[0]?.day).toBe("2026-12-03");
  });
});

describe("renewalsDue: which purchases count", () => {
  it.each([
    ["Pending (it may still go through)", 0, 1],
    ["Confirmed", 1, 1],
    ["Failed", 2, 0],
    ["Ignored", 3, 0],
    ["Reversed", 4, 0],
  ])("a %s purchase: %i shown", (_, status, shown) => {
    expect(renewalsDue([cable(CARD, BOUGHT, { status })], "2026-11-30")).toHaveLength(shown);
  });

  it("goes by the card's newest purchase: bought for again since, it is not due", () => {
    const rows = [cable(CARD, "2026-11-25T10:00:00Z"), cable(CARD, BOUGHT)];
    expect(renewalsDue(rows, "2026-11-30")).toEqual([]);
    // In either order.
    expect(renewalsDue(rows.toReversed(), "2026-11-30")).toEqual([]);
  });

  it("is not put off by a later purchase that failed", () => {
    const rows = [cable(CARD, "2026-11-25T10:00:00Z", { status: 2 }), cable(CARD, BOUGHT)];
    expect(renewalsDue(rows, "2026-11-30").map((renewal) => renewal.day)).toEqual(["2026-12-03"]);
  });

  it("leaves out what is not a smart card purchase", () => {
    const rows = [
      { ...cable("", BOUGHT), plan: "MTN Airtime", description: "₦500 MTN airtime to 08011111111" },
      {
        ...cable("", BOUGHT),
        meterNo: "45012345678",
        plan: "IKEDC - Ikeja Electric",
        description: "IKEDC prepaid token: 1234",
      },
    ];
    expect(renewalsDue(rows, "2026-11-30")).toEqual([]);
  });

  it("lists several cards soonest first", () => {
    const rows = [
      cable("2222222222", "2026-11-05T10:00:00Z", { description2: "Customer: Chinedu Okafor" }),
      cable(CARD, BOUGHT),
      cable("3333333333", "2026-11-04T10:00:00Z", { description2: "" }),
    ];
    expect(renewalsDue(rows, "2026-12-01").map((renewal) => renewalText(renewal))).toEqual([
      "DStv Compact for Adaeze Nwosu renews around 3 Dec",
      "DStv Compact for 3333333333 renews around 4 Dec",
      "DStv Compact for Chinedu Okafor renews around 5 Dec",
    ]);
  });

  it("skips a row whose date cannot be read", () => {
    expect(renewalsDue([cable(CARD, "")], "2026-11-30")).toEqual([]);
  });
});
