import { afterEach, describe, expect, it } from "vitest";
import { transactionRecord } from "../domain/transaction-record.test-support.ts";
import { baseLocale, overwriteGetLocale } from "../i18n/paraglide/runtime.js";
import { customerMessageOf } from "./customer-message.ts";

// Decision 086: what a purchase sends to the customer's own number, and to whom.

afterEach(() => overwriteGetLocale(() => baseLocale));

describe("customerMessageOf", () => {
  it("sends a prepaid token first, to the number the purchase gave, never the charge", () => {
    const sent = customerMessageOf(
      transactionRecord(42, {
        plan: "IKEDC prepaid",
        phoneNumber: "08031234567",
        meterNo: "45012345678",
        description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
        subtotal: 5_000_00,
        amount: 4_950_00,
      }),
      "Payvend",
    );
    expect(sent).toEqual({
      number: "2348031234567",
      text: [
        "Token: 1234 5678 9012 3456 7890",
        "Product: Electricity",
        "Plan: IKEDC prepaid",
        "Value: ₦5,000.00",
        "Meter No: 45012345678",
        "Ref: PV42",
        "Payvend",
      ].join("\n"),
    });
  });

  it("sends an exam card's serial and PIN first", () => {
    const sent = customerMessageOf(
      transactionRecord(7, { plan: "WAEC Result Checker", phoneNumber: "07011111111", examCard: "Serial: S1 PIN: 99" }),
      "Payvend",
    );
    expect(sent?.text.split("\n")[0]).toBe("Exam card: Serial: S1 PIN: 99");
  });

  it("says it in the seller's language", () => {
    overwriteGetLocale(() => "ha");
    const sent = customerMessageOf(
      transactionRecord(9, { plan: "MTN Airtime", phoneNumber: "08031234567", subtotal: 500_00 }),
      "Payvend",
    );
    expect(sent?.text).toContain("Ƙima: ₦500.00");
  });

  it.each([
    ["no phone given", ""],
    ["an SMS to several numbers", "08031234567,08051234567"],
  ])("sends nothing for %s", (_, phoneNumber) => {
    expect(customerMessageOf(transactionRecord(1, { plan: "MTN Airtime", phoneNumber }), "Payvend")).toBeNull();
  });
});
