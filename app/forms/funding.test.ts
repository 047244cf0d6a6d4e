import { describe, expect, it } from "vitest";
import { submit } from "./form-submission.test-support.ts";
import { cardFundingSchema, manualPaymentSchema } from "./funding.ts";

describe("card funding form", () => {
  it.each([
    ["", "Amount is required!"],
    ["99", "Amount can not be less than ₦100"],
    ["99.99", "Amount can not be less than ₦100"],
    ["1050.50", "Enter the amount in whole naira, e.g. 1000"],
    ["abc", "Enter the amount in naira, e.g. 500"],
  ])("refuses '%s' with '%s'", (amount, message) => {
    expect(submit(cardFundingSchema, { amount }).errors).toEqual({ amount: [message] });
  });

  it.each([
    ["100", 100_00],
    ["1,000", 1_000_00],
    ["₦50,000", 50_000_00],
  ])("takes '%s' as %i kobo", (amount, kobo) => {
    expect(submit(cardFundingSchema, { amount }).value).toEqual({ amount: kobo });
  });
});

describe("manual payment report form", () => {
  it("names every missing field with the product's own words", () => {
    expect(submit(manualPaymentSchema, {}).errors).toEqual({
      paymentName: ["Payment Name is required!"],
      amount: ["Amount is required!"],
      bankName: ["Bank Name is required!"],
      paymentType: ["Payment Type is required!"],
    });
  });

  it("keeps kobo in a reported amount", () => {
    expect(
      submit(manualPaymentSchema, { paymentName: "Ada Obi", amount: "5000.50", bankName: "GTBank", paymentType: "POS" })
        .value,
    ).toEqual({
      paymentName: "Ada Obi",
      amount: 5_000_50,
      bankName: "GTBank",
      paymentType: "POS",
    });
  });
});
