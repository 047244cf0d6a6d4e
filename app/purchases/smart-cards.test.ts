import { describe, expect, it } from "vitest";
import { smartCardAdvice, smartCardHint } from "./smart-cards.ts";

describe("smartCardHint", () => {
  it.each([
    ["DSTV", "10 digits: the smart card number on your DStv decoder or its card."],
    ["GOTV", "10 digits: the IUC number on your GOtv decoder or its card."],
    ["STARTIMES", "11 digits: the smart card number on your StarTimes decoder or its card."],
    [" Startimes ", "11 digits: the smart card number on your StarTimes decoder or its card."],
    [null, "10 digits for DStv and GOtv, 11 for StarTimes, as on your decoder or its card."],
    ["SHOWMAX", "10 digits for DStv and GOtv, 11 for StarTimes, as on your decoder or its card."],
  ])("for %j: %s", (title, hint) => {
    expect(smartCardHint(title)).toBe(hint);
  });
});

describe("smartCardAdvice", () => {
  it.each([
    ["DSTV", "Check the smart card number on your DStv decoder (10 digits), and that DStv is the provider you chose."],
    ["GOTV", "Check the IUC number on your GOtv decoder (10 digits), and that GOtv is the provider you chose."],
    [
      "STARTIMES",
      "Check the smart card number on your StarTimes decoder (11 digits), and that StarTimes is the provider you chose.",
    ],
    ["SHOWMAX", "Check the smart card number on your decoder, and the provider you chose."],
  ])("for %j: %s", (title, advice) => {
    expect(smartCardAdvice(title)).toBe(advice);
  });
});
