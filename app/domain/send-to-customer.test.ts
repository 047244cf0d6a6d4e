import { describe, expect, it } from "vitest";
import { customerNumber, shortMessage, smsHref, whatsAppToHref } from "./send-to-customer.ts";

// Decision 086: the customer's number as WhatsApp and SMS links want it, and the short text they carry.

describe("customerNumber", () => {
  it.each([
    ["08031234567", "2348031234567"],
    ["0803 123 4567", "2348031234567"],
    ["+234 803 123 4567", "2348031234567"],
    ["2348031234567", "2348031234567"],
    ["07011111111", "2347011111111"],
    // Not a Nigerian mobile number: nobody to send to.
    ["", null],
    ["0123456789", null],
    ["12345", null],
    // Several numbers (an SMS to a list): nobody in particular.
    ["08031234567,08051234567", null],
    ["08031234567\n08051234567", null],
    // One number with a stray separator is still one.
    ["08031234567,", "2348031234567"],
  ])("%j → %j", (text, expected) => {
    expect(customerNumber(text)).toBe(expected);
  });
});

describe("the links", () => {
  it("opens WhatsApp on the customer's chat with the text, and an SMS to them with the same text", () => {
    const text = "Token: 1234 5678\nRef: PV-1 & co";
    expect(whatsAppToHref("2348031234567", text)).toBe(
      "https://wa.me/2348031234567?text=Token%3A%201234%205678%0ARef%3A%20PV-1%20%26%20co",
    );
    expect(smsHref("2348031234567", text)).toBe(
      "sms:+2348031234567?body=Token%3A%201234%205678%0ARef%3A%20PV-1%20%26%20co",
    );
  });
});

describe("shortMessage", () => {
  it.each([
    [
      "the token first, however the lines came",
      [
        { label: "Product", value: "Electricity" },
        { label: "Value", value: "₦5,000.00" },
        { label: "Token", value: "1234 5678 9012 3456 7890", lead: true },
        { label: "Ref", value: "PV-9" },
      ],
      "Token: 1234 5678 9012 3456 7890\nProduct: Electricity\nValue: ₦5,000.00\nRef: PV-9\nPayvend",
    ],
    [
      "an exam card's PIN first",
      [
        { label: "Product", value: "Exam PIN" },
        { label: "Exam card", value: "Serial: SN1 PIN: 5555", lead: true },
      ],
      "Exam card: Serial: SN1 PIN: 5555\nProduct: Exam PIN\nPayvend",
    ],
    [
      "airtime: no token, the lines in order; an empty value left out",
      [
        { label: "Product", value: "Airtime" },
        { label: "Token", value: "", lead: true },
        { label: "Value", value: "₦500.00" },
      ],
      "Product: Airtime\nValue: ₦500.00\nPayvend",
    ],
    ["a line without a label is its value alone", [{ label: "", value: "MTN 1GB" }], "MTN 1GB\nPayvend"],
  ])("%s", (_, lines, expected) => {
    expect(shortMessage(lines, "Payvend")).toBe(expected);
  });
});
