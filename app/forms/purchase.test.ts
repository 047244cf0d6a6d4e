import { describe, expect, it } from "vitest";
import { submit } from "./form-submission.test-support.ts";
import { AIRTIME_LIMITS, airtimeSchema, amountRange, dataSchema } from "./purchase.ts";
import { CABLE_LIMITS, cableSchema } from "./purchase-cable.ts";
import { ELECTRICITY_LIMITS, electricitySchema } from "./purchase-electricity.ts";
import { smsSchema } from "./purchase-sms.ts";

// The purchase forms as a user meets them: posted as FormData and parsed the way the app
// parses them (parseForm turns an empty input into undefined), with the product's messages
// written out here verbatim so a reworded message is noticed.

const PHONE_FORMAT = "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only";

describe("airtime form", () => {
  const filled = { provider: "2", phone: "08031234567", amount: "500" };

  it("gives the action the provider id, the phone and the amount in kobo", () => {
    expect(submit(airtimeSchema, filled)).toEqual({
      value: { provider: 2, phone: "08031234567", amount: 50_000 },
      errors: undefined,
    });
  });

  it("names every missing field at once", () => {
    expect(submit(airtimeSchema, { provider: "", phone: "", amount: "" }).errors).toEqual({
      provider: ["Select a provider from the list"],
      phone: ["Phone number is required!"],
      amount: ["Amount is required!"],
    });
  });

  it.each([
    ["empty", ""],
    ["zero", "0"],
    ["not a number", "mtn"],
    ["negative", "-2"],
    ["a fraction", "2.5"],
  ])("refuses a provider that is %s with 'Select a provider from the list'", (_case, provider) => {
    expect(submit(airtimeSchema, { ...filled, provider }).errors).toEqual({
      provider: ["Select a provider from the list"],
    });
  });

  it.each([
    ["", "Phone number is required!"],
    ["0803123456", PHONE_FORMAT],
    ["080312345678", PHONE_FORMAT],
    ["0803123456a", PHONE_FORMAT],
    ["+44 7911 123456", PHONE_FORMAT],
    ["0803 123 456", PHONE_FORMAT],
    ["12345678901", PHONE_FORMAT],
    ["08531234567", PHONE_FORMAT],
    ["   ", "Phone number is required!"],
  ])("refuses the phone '%s' with '%s' alone", (phone, message) => {
    expect(submit(airtimeSchema, { ...filled, phone }).errors).toEqual({ phone: [message] });
  });

  it("asks for an amount made only of spaces as for an empty one", () => {
    expect(submit(airtimeSchema, { ...filled, amount: "   " }).errors).toEqual({ amount: ["Amount is required!"] });
  });

  it("accepts an 11-digit phone with spaces around it, trimmed", () => {
    expect(submit(airtimeSchema, { ...filled, phone: " 08031234567 " }).value?.phone).toBe("08031234567");
  });

  it.each(["0803 123 4567", "0803-123-4567", "+234 803 123 4567", "2348031234567", "(0803) 123 4567"])(
    "reads the pasted phone '%s' as 08031234567",
    (phone) => {
      expect(submit(airtimeSchema, { ...filled, phone }).value?.phone).toBe("08031234567");
    },
  );

  it("names no error for a pasted number it could read", () => {
    expect(submit(airtimeSchema, { ...filled, phone: "+234 803 123 4567" }).errors).toBeUndefined();
  });

  it.each([
    ["", "Amount is required!"],
    ["99.99", "Amount can not be less than ₦100"],
    ["99", "Amount can not be less than ₦100"],
    ["0", "Amount can not be less than ₦100"],
    ["abc", "Enter the amount in naira, e.g. 500"],
    ["-500", "Enter the amount in naira, e.g. 500"],
    ["100.001", "Enter the amount in naira, e.g. 500"],
    ["1e3", "Enter the amount in naira, e.g. 500"],
    ["1,5", "Enter the amount in naira, e.g. 500"],
    ["150,00", "Enter the amount in naira, e.g. 500"],
    ["50,000.01", "Amount can not be more than ₦50,000"],
    ["60,000", "Amount can not be more than ₦50,000"],
    ["99999999999999999999", "Enter the amount in naira, e.g. 500"],
  ])("refuses the amount '%s' with '%s'", (amount, message) => {
    expect(submit(airtimeSchema, { ...filled, amount }).errors).toEqual({ amount: [message] });
  });

  it.each([
    ["100", 10_000],
    ["100.00", 10_000],
    ["1,500", 150_000],
    ["₦2,000.50", 200_050],
    [" 750 ", 75_000],
    ["50,000", 5_000_000],
  ])("accepts the amount '%s' as %i kobo", (amount, kobo) => {
    expect(submit(airtimeSchema, { ...filled, amount }).value?.amount).toBe(kobo);
  });
});

describe("each product's amount limits", () => {
  it.each([
    [AIRTIME_LIMITS, "₦100 to ₦50,000"],
    [CABLE_LIMITS, "₦100 to ₦50,000"],
    [ELECTRICITY_LIMITS, "₦500 to ₦500,000"],
  ])("say their range in the hint as %j: '%s'", (limits, hint) => {
    expect(amountRange(limits)).toBe(hint);
  });

  const meter = { phone: "08031234567", provider: "1", meterType: "prepaid", meterNo: "1111111111111" };
  const card = { provider: "1", smartNo: "1212121212", phone: "08031234567" };

  it.each([
    ["500,000", undefined],
    ["500,000.01", { amount: ["Amount can not be more than ₦500,000"] }],
    ["499.99", { amount: ["Amount can not be less than ₦500"] }],
  ])("an electricity amount of '%s' is refused with %j", (amount, errors) => {
    expect(submit(electricitySchema, { ...meter, amount }).errors).toEqual(errors);
  });

  it.each([
    ["50,000", undefined],
    ["50,000.01", { amount: ["Amount can not be more than ₦50,000"] }],
  ])("a cable top-up of '%s' is refused with %j", (amount, errors) => {
    expect(submit(cableSchema, { ...card, amount }).errors).toEqual(errors);
  });
});

describe("data form", () => {
  const filled = { provider: "1", plan: "mtn-1gb-30", phone: "08031234567" };

  it("gives the action the provider id, the plan and the phone", () => {
    expect(submit(dataSchema, filled)).toEqual({
      value: { provider: 1, plan: "mtn-1gb-30", phone: "08031234567" },
      errors: undefined,
    });
  });

  it("ignores an amount posted with the plan, since the price comes from the plan", () => {
    expect(submit(dataSchema, { ...filled, amount: "1" }).value).toEqual({
      provider: 1,
      plan: "mtn-1gb-30",
      phone: "08031234567",
    });
  });

  it.each([
    ["no plan is chosen", ""],
    ["the plan is only spaces", "   "],
  ])("says 'Select a plan from the list' when %s", (_case, plan) => {
    expect(submit(dataSchema, { ...filled, plan }).errors).toEqual({ plan: ["Select a plan from the list"] });
  });

  it("names every missing field at once", () => {
    expect(submit(dataSchema, { provider: "", plan: "", phone: "" }).errors).toEqual({
      provider: ["Select a provider from the list"],
      plan: ["Select a plan from the list"],
      phone: ["Phone number is required!"],
    });
  });

  it("refuses a phone that is not 11 digits", () => {
    expect(submit(dataSchema, { ...filled, phone: "0803123456" }).errors).toEqual({ phone: [PHONE_FORMAT] });
  });
});

describe("SMS form", () => {
  const filled = { sender: "Payvend", phones: "08031234567", message: "Hello" };

  it("gives the action the sender, the recipients and the message", () => {
    expect(
      submit(smsSchema, { sender: "Payvend", phones: "08031234567,\n2348122223333", message: "Hello there" }),
    ).toEqual({
      value: { sender: "Payvend", phones: ["08031234567", "2348122223333"], message: "Hello there" },
      errors: undefined,
    });
  });

  it("names every missing field at once", () => {
    expect(submit(smsSchema, { sender: "", phones: "", message: "" }).errors).toEqual({
      sender: ["Sender ID is required!"],
      phones: ["Phone number is required!"],
      message: ["Message is required!"],
    });
  });

  it.each([
    ["", "Sender ID is required!"],
    ["   ", "Sender ID is required!"],
    ["PayvendNGXX", undefined],
    ["PayvendNGXXY", "Sender ID can not be more than 11 characters"],
  ])("checks the sender ID '%s' (message: %s)", (sender, message) => {
    expect(submit(smsSchema, { ...filled, sender }).errors).toEqual(
      message === undefined ? undefined : { sender: [message] },
    );
  });

  it.each([
    ["", "Phone number is required!"],
    [" , ,\n\r\n", "Phone number is required!"],
    [
      "08031234567,0803123456",
      "This number is not valid: 0803123456. Use numbers like 08012345678 or 2348012345678, without +.",
    ],
    [
      "0803123456\n08031234567\n+2348031234567",
      "These numbers are not valid: 0803123456, +2348031234567. Use numbers like 08012345678 or 2348012345678, without +.",
    ],
  ])("refuses the numbers %j with '%s'", (phones, message) => {
    expect(submit(smsSchema, { ...filled, phones }).errors).toEqual({ phones: [message] });
  });

  it("sends to a number given twice once, so it is paid for once", () => {
    expect(
      submit(smsSchema, { ...filled, phones: "08031234567\r\n08031234567, 2348122223333,08031234567" }).value?.phones,
    ).toEqual(["08031234567", "2348122223333"]);
  });

  it("refuses more than 1,000 recipients in one purchase", () => {
    const phones = Array.from({ length: 1001 }, (_, i) => `080${String(i).padStart(8, "0")}`).join(",");
    expect(submit(smsSchema, { ...filled, phones }).errors).toEqual({
      phones: ["Send to at most 1,000 numbers at a time"],
    });
  });

  it.each([
    ["is empty", ""],
    ["is only spaces", "   "],
    ["is only line breaks", "\r\n\r\n"],
  ])("says 'Message is required!' when the message %s", (_case, message) => {
    expect(submit(smsSchema, { ...filled, message }).errors).toEqual({ message: ["Message is required!"] });
  });

  it.each([
    { length: 479, accepted: true },
    { length: 480, accepted: false },
    { length: 1000, accepted: false },
  ])("a $length-character message is accepted=$accepted", ({ length, accepted }) => {
    const { value, errors } = submit(smsSchema, { ...filled, message: "a".repeat(length) });
    if (accepted) expect(value?.message).toHaveLength(length);
    else expect(errors).toEqual({ message: ["Message can not be more than 479 characters"] });
  });

  it("counts a posted CRLF line break as one character, as the counter showed it", () => {
    const message = `${"a".repeat(200)}\r\n${"b".repeat(278)}`;
    expect(message).toHaveLength(480);
    expect(submit(smsSchema, { ...filled, message }).value?.message).toBe(`${"a".repeat(200)}\n${"b".repeat(278)}`);
  });

  it("refuses a message that is over 479 characters once its line breaks are counted as one", () => {
    const message = `${"a".repeat(200)}\r\n${"b".repeat(279)}`;
    expect(submit(smsSchema, { ...filled, message }).errors).toEqual({
      message: ["Message can not be more than 479 characters"],
    });
  });
});
