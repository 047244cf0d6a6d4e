import { describe, expect, it } from "vitest";
import { rowFacts, type PurchaseFacts } from "../domain/outcome.ts";
import { transactionRecord } from "../domain/transaction-record.test-support.ts";
import { outcomeText, providerMessage, upstreamSpeaksTheReadersLanguage } from "./outcome-words.ts";

// A purchase's outcome in the portal's own words (decision 079), from its fields: what, for
// whom, its status and what the wallet paid, in each language.

const AIRTIME: PurchaseFacts = {
  product: "airtime",
  plan: "",
  valueKobo: 300_00,
  target: { kind: "phone", number: "08031234567" },
  status: "successful",
  chargedKobo: 291_00,
};

describe("outcomeText", () => {
  it.each([
    ["en-NG", AIRTIME, "Airtime of ₦300.00 for 08031234567: successful. Your wallet was charged ₦291.00."],
    ["ha", AIRTIME, "Kuɗin waya na ₦300.00 zuwa 08031234567: an yi nasara. An cire ₦291.00 daga walat ɗinka."],
    [
      "pcm",
      AIRTIME,
      "Airtime wey cost ₦300.00 for 08031234567: e don go through. We don collect ₦291.00 from your wallet.",
    ],
    [
      "ha",
      { ...AIRTIME, status: "pending" },
      "Kuɗin waya na ₦300.00 zuwa 08031234567: ana jiran kamfani. An cire ₦291.00 daga walat ɗinka.",
    ],
    ["pcm", { ...AIRTIME, status: "failed" }, "Airtime wey cost ₦300.00 for 08031234567: e fail."],
    [
      "en-NG",
      { ...AIRTIME, status: "reversed" },
      "Airtime of ₦300.00 for 08031234567: reversed. ₦291.00 went back to your wallet.",
    ],
    ["ha", { ...AIRTIME, status: "ignored" }, "Kuɗin waya na ₦300.00 zuwa 08031234567: an yi watsi da shi."],
    [
      "pcm",
      {
        ...AIRTIME,
        product: "electricity",
        valueKobo: 1_000_00,
        chargedKobo: 990_00,
        target: { kind: "meter", number: "1111111111111" },
      },
      "Light wey cost ₦1,000.00 for Meter 1111111111111: e don go through. We don collect ₦990.00 from your wallet.",
    ],
    [
      "ha",
      { ...AIRTIME, product: "cable", plan: "DStv Compact", target: { kind: "smart-card", number: "1212121212" } },
      "Kuɗin kallo DStv Compact (₦300.00) zuwa Smart card 1212121212: an yi nasara. An cire ₦291.00 daga walat ɗinka.",
    ],
    [
      "en-NG",
      { ...AIRTIME, product: "sms", valueKobo: 7_44, chargedKobo: 7_44, target: { kind: "numbers", count: 3 } },
      "Bulk SMS of ₦7.44 for 3 numbers: successful. Your wallet was charged ₦7.44.",
    ],
    ["pcm", { ...AIRTIME, product: "sms", target: null, status: "failed" }, "Bulk SMS wey cost ₦300.00: e fail."],
  ] as const)("%s: %j", (locale, facts, expected) => {
    expect(outcomeText(facts, locale)).toBe(expected);
  });
});

describe("a history row's outcome", () => {
  it("says what the row holds: its value, number, status and charge", () => {
    const row = transactionRecord(1, {
      plan: "MTN 1GB - 30 days",
      phoneNumber: "08031234567",
      subtotal: 300_00,
      amount: 291_00,
      status: 0,
      description: "MTN 1GB - 30 days data bundle to 08031234567",
      response: "TRANSACTION PENDING",
    });
    const facts = rowFacts(row, "data");
    expect(facts && outcomeText(facts, "ha")).toBe(
      "Data MTN 1GB - 30 days (₦300.00) zuwa 08031234567: ana jiran kamfani. An cire ₦291.00 daga walat ɗinka.",
    );
  });

  it("leaves out the plan where it only repeats the provider, and says nothing of funding or an unknown status", () => {
    const airtime = transactionRecord(2, { plan: "MTN Airtime", phoneNumber: "08031234567", subtotal: 100_00 });
    expect(rowFacts(airtime, "airtime")?.plan).toBe("");
    expect(rowFacts(airtime, "funding")).toBeNull();
    expect(rowFacts(airtime, null)).toBeNull();
    expect(rowFacts({ ...airtime, status: 9 }, "airtime")).toBeNull();
  });
});

describe("the upstream's own words", () => {
  it("are labelled as the provider's, in the language", () => {
    expect(providerMessage("TRANSACTION SUCCESSFUL", "en-NG")).toBe("Provider's message: TRANSACTION SUCCESSFUL");
    expect(providerMessage("TRANSACTION SUCCESSFUL", "ha")).toBe("Saƙon kamfani: TRANSACTION SUCCESSFUL");
    expect(providerMessage("TRANSACTION SUCCESSFUL", "pcm")).toBe("Wetin di provider talk: TRANSACTION SUCCESSFUL");
  });

  it("are the English page's result as they are: the upstream answers in English", () => {
    expect([upstreamSpeaksTheReadersLanguage("en-NG"), upstreamSpeaksTheReadersLanguage("ha")]).toEqual([true, false]);
    expect(upstreamSpeaksTheReadersLanguage("pcm")).toBe(false);
  });
});
