import { describe, expect, it } from "vitest";
import type { RowProblem } from "../domain/bulk.ts";
import { inLanguage } from "./words.test-support.ts";
import { airtimeItem, confirmWording, planListLabel, reviewCaption, rowProblemWords, totalRest } from "./words.ts";

// The bulk pages' counted words and reasons (decision 061): English as decision 030 and 043
// wrote it, and the same in Pidgin and Hausa with the same numbers and names in them.

describe("why a row is left out", () => {
  it.each([
    [{ kind: "no-number" }, "No phone number in this row."],
    [{ kind: "not-digits", text: "0803123456a" }, "0803123456a is not a phone number: use digits only."],
    [{ kind: "not-nigerian", text: "+44 7911 123456" }, "+44 7911 123456 is not a Nigerian mobile number."],
    [{ kind: "duplicate", row: 3 }, "The same number as row 3: left out so that it is not bought twice."],
    [{ kind: "no-network" }, "Choose this number's network."],
    [{ kind: "no-amount" }, "No amount: enter an amount for every number above, or give one in the file."],
    [{ kind: "not-an-amount", given: "abc" }, "abc is not an amount: write it in naira, e.g. 500."],
    [{ kind: "amount-too-low", minimumKobo: 100_00 }, "Amount can not be less than ₦100"],
    [{ kind: "amount-too-high", maximumKobo: 100_000_000_00 }, "Amount can not be more than ₦100,000,000"],
    [{ kind: "no-plan", network: "MTN" }, "Choose a plan for the MTN numbers."],
    [{ kind: "not-a-plan", given: "XL", network: "Glo" }, "XL is not one of Glo's plans."],
  ] satisfies [RowProblem, string][])("%j reads %j in English", (problem, words) => {
    expect(rowProblemWords(problem)).toBe(words);
  });

  it("is said in Hausa and in Pidgin, with the row, the text and the network as given", () => {
    const duplicate: RowProblem = { kind: "duplicate", row: 3 };
    const plan: RowProblem = { kind: "not-a-plan", given: "XL", network: "Glo" };
    expect(inLanguage("ha", () => [rowProblemWords(duplicate), rowProblemWords(plan)])).toEqual([
      "Lamba ɗaya ce da ta jere 3: an bar ta don kada a saya mata sau biyu.",
      "XL ba ya cikin tsare-tsaren Glo.",
    ]);
    expect(inLanguage("pcm", () => [rowProblemWords(duplicate), rowProblemWords(plan)])).toEqual([
      "Na di same number wey dey row 3: we leave am out so we no go buy am two times.",
      "XL no dey among Glo plans.",
    ]);
  });
});

describe("the review's Confirm button", () => {
  it.each([
    [3, 3, "Confirm: buy for 3 numbers"],
    [1, 1, "Confirm: buy for 1 number"],
    [2, 3, "Buy for 2 of 3 numbers (1 left out)"],
    [1, 4, "Buy for 1 of 4 numbers (3 left out)"],
    [0, 2, "Buy for 0 of 2 numbers (2 left out)"],
    [0, 1, "Buy for 0 of 1 number (1 left out)"],
  ])("buying %i of %i rows says %j", (buyable, rows, wording) => {
    expect(confirmWording(buyable, rows)).toBe(wording);
  });

  it("says how many of the list it buys in Hausa and Pidgin too", () => {
    expect(inLanguage("ha", () => [confirmWording(3, 3), confirmWording(2, 3)])).toEqual([
      "Tabbatar: saya wa lambobi 3",
      "Saya wa 2 cikin lambobi 3 (an bar 1)",
    ]);
    expect(inLanguage("pcm", () => confirmWording(2, 3))).toBe("Buy for 2 out of 3 numbers (1 we leave out)");
  });
});

describe("the review's counted words", () => {
  it.each([
    [5, 3, "5 rows: 3 to buy, 2 left out"],
    [8, 8, "8 rows: 8 to buy"],
    [1, 1, "1 row: 1 to buy"],
    [1, 0, "1 row: 0 to buy, 1 left out"],
  ])("a caption of %i rows, %i to buy: %j", (rows, buyable, caption) => {
    expect(reviewCaption(rows, buyable)).toBe(caption);
  });

  it("names a plan list by its count and network, and ends the total with the balance", () => {
    expect([planListLabel(1, "MTN"), planListLabel(3, "Airtel")]).toEqual([
      "Plan for the 1 MTN number",
      "Plan for the 3 Airtel numbers",
    ]);
    expect([totalRest(1, "₦500.00"), totalRest(5, "₦10,000.00")]).toEqual([
      "for 1 number. Wallet balance: ₦500.00.",
      "for 5 numbers. Wallet balance: ₦10,000.00.",
    ]);
    expect(airtimeItem(500_00)).toBe("₦500.00 airtime");
  });

  it("reads in Hausa with naira as in English", () => {
    expect(
      inLanguage("ha", () => [
        reviewCaption(5, 3),
        planListLabel(3, "MTN"),
        totalRest(5, "₦1,000.00"),
        airtimeItem(500_00),
      ]),
    ).toEqual([
      "Jeruka 5: 3 za a saya, an bar 2",
      "Tsari na lambobin MTN 3",
      "na lambobi 5. Ragowar kuɗi a walat: ₦1,000.00.",
      "Kuɗin waya na ₦500.00",
    ]);
  });
});
