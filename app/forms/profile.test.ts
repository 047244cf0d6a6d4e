import { describe, expect, it } from "vitest";
import { submit } from "./form-submission.test-support.ts";
import {
  bankDetailsSchema,
  bvnSchema,
  changePasswordSchema,
  lowBalanceSchema,
  ninSchema,
  webhookSchema,
} from "./profile.ts";

// The profile page's forms as a user meets them: posted as FormData, parsed the
// way the action and the browser parse them, one message per field, written out verbatim.

const WEBHOOK_HTTPS = "Enter an absolute https URL, e.g. https://example.com/webhook";
const BVN_DIGITS = "BVN Number must be exactly 11 digits";
const NIN_DIGITS = "NIN must be exactly 11 digits";
const DOB_NOT_REAL = "Enter a real date of birth";
const UNDER_EIGHTEEN = "You must be at least 18 years old";

describe("change password form", () => {
  const filled = { oldPassword: "Old-pass-1", newPassword: "New-pass-2", confirmPassword: "New-pass-2" };

  it("gives the action the old and the new password", () => {
    expect(submit(changePasswordSchema, filled).value).toEqual(filled);
  });

  it.each([
    [
      "nothing",
      {},
      {
        oldPassword: ["Old password is required!"],
        newPassword: ["New password is required!"],
        confirmPassword: ["Confirm password is required!"],
      },
    ],
    [
      "no old password",
      { newPassword: "New-pass-2", confirmPassword: "New-pass-2" },
      { oldPassword: ["Old password is required!"] },
    ],
    [
      "no confirmation",
      { oldPassword: "Old-pass-1", newPassword: "New-pass-2" },
      { confirmPassword: ["Confirm password is required!"] },
    ],
    ["a mismatch", { ...filled, confirmPassword: "New-pass-3" }, { confirmPassword: ["Password does not match"] }],
    [
      "a mismatch with no old password",
      { newPassword: "New-pass-2", confirmPassword: "new-pass-2" },
      { oldPassword: ["Old password is required!"], confirmPassword: ["Password does not match"] },
    ],
    [
      "a too-long confirmation",
      { ...filled, confirmPassword: "x".repeat(129) },
      { confirmPassword: ["Use at most 128 characters"] },
    ],
  ])("refuses %s with the product's own words, one per field", (_case, fields, errors) => {
    expect(submit(changePasswordSchema, fields).errors).toEqual(errors);
  });
});

describe("bank details form", () => {
  const filled = { accountName: "Ada Okonkwo", accountNumber: "0123456789", bankName: "Wema Bank" };

  it("gives the action the three fields, trimmed", () => {
    expect(
      submit(bankDetailsSchema, { accountName: " Ada Okonkwo ", accountNumber: " 0123456789 ", bankName: "Wema Bank" })
        .value,
    ).toEqual(filled);
  });

  it("names every missing field at once with the product's own words", () => {
    expect(submit(bankDetailsSchema, {}).errors).toEqual({
      accountName: ["Account Name is required!"],
      accountNumber: ["Account Number is required!"],
      bankName: ["Bank Name is required!"],
    });
  });

  it.each([
    ["only spaces", "   ", "Account Number is required!"],
    ["9 digits", "012345678", "Account Number must be 10 digits"],
    ["11 digits", "01234567890", "Account Number must be 10 digits"],
    ["letters", "01234abcde", "Account Number must be 10 digits"],
    ["spaced out", "0123 456 789", "Account Number must be 10 digits"],
  ])("refuses an account number of %s with '%s' alone", (_case, accountNumber, message) => {
    expect(submit(bankDetailsSchema, { ...filled, accountNumber }).errors).toEqual({ accountNumber: [message] });
  });
});

describe("webhook form", () => {
  it.each([
    ["https://example.com/payvend-hook"],
    ["https://hooks.example.com.ng:8443/payvend?key=abc#top"],
    ["HTTPS://Example.COM/hook"],
    ["https://example.com/hook?notify=ada@example.com"],
  ])("accepts %s", (webhookUrl) => {
    expect(submit(webhookSchema, { webhookUrl }).value).toEqual({ webhookUrl });
  });

  it("trims spaces around the URL", () => {
    expect(submit(webhookSchema, { webhookUrl: "  https://example.com/hook  " }).value).toEqual({
      webhookUrl: "https://example.com/hook",
    });
  });

  it.each([
    ["empty", ""],
    ["only spaces", "   "],
  ])("says 'Webhook Url is required!' when the URL is %s", (_case, webhookUrl) => {
    expect(submit(webhookSchema, { webhookUrl }).errors).toEqual({ webhookUrl: ["Webhook Url is required!"] });
  });

  it.each([
    ["a relative path", "/payvend-hook"],
    ["a bare path", "payvend-hook"],
    ["a host without a scheme", "example.com/hook"],
    ["a scheme-relative URL", "//example.com/hook"],
    ["plain http", "http://example.com/payvend-hook"],
    ["javascript:", "javascript:alert(1)"],
    ["javascript: in mixed case", "JaVaScRiPt:alert(document.cookie)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["ftp", "ftp://example.com/hook"],
    ["garbage", "not a url at all"],
    ["https: without slashes", "https:example.com/hook"],
    ["https with three slashes", "https:///example.com/hook"],
    ["https with a backslash", "https:\\\\example.com/hook"],
    ["https and nothing else", "https://"],
    ["a space in the host", "https://exa mple.com/hook"],
    ["a single-label host", "https://localhost/hook"],
    ["an IP address", "https://203.0.113.5/hook"],
    ["a user name and password", "https://user:secret@example.com/hook"],
    ["a user name", "https://user@example.com/hook"],
    ["a password alone", "https://:secret@example.com/hook"],
  ])("refuses %s with the https message alone", (_case, webhookUrl) => {
    expect(submit(webhookSchema, { webhookUrl }).errors).toEqual({ webhookUrl: [WEBHOOK_HTTPS] });
  });

  it("tells a URL over 500 characters only its length", () => {
    expect(submit(webhookSchema, { webhookUrl: `https://example.com/${"a".repeat(490)}` }).errors).toEqual({
      webhookUrl: ["Use at most 500 characters"],
    });
  });
});

describe("BVN form", () => {
  // Noon in Lagos on 15 June 2026.
  const now = new Date("2026-06-15T11:00:00Z");
  const filled = { bvn: "22345678901", name: "Ada Okonkwo", dob: "1990-04-12", phone: "08031234567" };

  it("gives the action the BVN, name, date of birth and phone", () => {
    expect(submit(bvnSchema(now), filled).value).toEqual(filled);
  });

  it("names every missing field at once", () => {
    expect(submit(bvnSchema(now), {}).errors).toEqual({
      bvn: [BVN_DIGITS],
      name: ["Name is required"],
      dob: ["Date of birth is required"],
      phone: ["Phone number is required"],
    });
  });

  it.each([
    ["10 digits", "2234567890"],
    ["12 digits", "223456789012"],
    ["a letter", "2234567890a"],
    ["only spaces", "   "],
  ])("refuses a BVN of %s with the product's 'BVN Number must be exactly 11 digits'", (_case, bvn) => {
    expect(submit(bvnSchema(now), { ...filled, bvn }).errors).toEqual({ bvn: [BVN_DIGITS] });
  });

  it.each([
    ["30 February", "2023-02-30", DOB_NOT_REAL],
    ["29 February in a common year", "2001-02-29", DOB_NOT_REAL],
    ["month 13", "1990-13-01", DOB_NOT_REAL],
    ["day 0", "1990-04-00", DOB_NOT_REAL],
    ["before 1900", "1899-12-31", DOB_NOT_REAL],
    ["year 0000", "0000-01-01", DOB_NOT_REAL],
    ["tomorrow", "2026-06-16", DOB_NOT_REAL],
    ["years ahead", "2030-01-01", DOB_NOT_REAL],
    ["day-month-year", "12/04/1990", "Enter the date of birth as a date"],
    ["words", "last year", "Enter the date of birth as a date"],
    ["only spaces", "   ", "Date of birth is required"],
    ["today", "2026-06-15", UNDER_EIGHTEEN],
    ["17 years ago", "2009-06-15", UNDER_EIGHTEEN],
    ["the day before an 18th birthday", "2008-06-16", UNDER_EIGHTEEN],
  ])("refuses a date of birth %s (%s) with '%s' alone", (_case, dob, message) => {
    expect(submit(bvnSchema(now), { ...filled, dob }).errors).toEqual({ dob: [message] });
  });

  it.each([
    ["an 18th birthday today", "2008-06-15"],
    ["29 February in a leap year", "2000-02-29"],
    ["1 January 1900", "1900-01-01"],
  ])("accepts %s (%s)", (_case, dob) => {
    expect(submit(bvnSchema(now), { ...filled, dob }).value?.dob).toBe(dob);
  });

  it("counts the birthday in Lagos: 23:30 UTC on 14 June is already 15 June there", () => {
    const lagosMidnight = new Date("2026-06-14T23:30:00Z");
    expect(submit(bvnSchema(lagosMidnight), { ...filled, dob: "2008-06-15" }).value?.dob).toBe("2008-06-15");
    expect(submit(bvnSchema(new Date("2026-06-14T22:30:00Z")), { ...filled, dob: "2008-06-15" }).errors).toEqual({
      dob: [UNDER_EIGHTEEN],
    });
  });

  it.each([
    ["2026-02-28T12:00:00Z", false],
    ["2026-03-01T12:00:00Z", true],
  ])("someone born on 29 February 2008 is 18 on %s: %s", (today, adult) => {
    const result = submit(bvnSchema(new Date(today)), { ...filled, dob: "2008-02-29" });
    expect(result.errors).toEqual(adult ? undefined : { dob: [UNDER_EIGHTEEN] });
  });

  it.each([
    ["0803123456", "Phone number is invalid"],
    ["0803abc4567", "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only"],
    ["080312345678", "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only"],
  ])("refuses the phone %s with '%s' alone", (phone, message) => {
    expect(submit(bvnSchema(now), { ...filled, phone }).errors).toEqual({ phone: [message] });
  });
});

describe("NIN form", () => {
  it("gives the action the NIN, trimmed", () => {
    expect(submit(ninSchema, { nin: " 12345678901 " }).value).toEqual({ nin: "12345678901" });
  });

  it.each([
    ["missing", ""],
    ["10 digits", "1234567890"],
    ["12 digits", "123456789012"],
    ["a letter", "1234567890a"],
    ["a dash", "12345-678901"],
  ])("refuses a NIN that is %s with 'NIN must be exactly 11 digits'", (_case, nin) => {
    expect(submit(ninSchema, { nin }).errors).toEqual({ nin: [NIN_DIGITS] });
  });
});

describe("low balance form", () => {
  it.each([
    ["1000", 1_000_00],
    ["₦1,000.50", 1_000_50],
    [" 450 ", 450_00],
    ["1", 1_00],
    ["10,000,000", 10_000_000_00],
  ])("reads %j as the threshold in kobo", (threshold, kobo) => {
    expect(submit(lowBalanceSchema, { threshold }).value).toEqual({ threshold: kobo });
  });

  it.each([[{}], [{ threshold: "" }], [{ threshold: "   " }]])(
    "reads %j as no threshold: the warning is off",
    (fields) => {
      expect(submit(lowBalanceSchema, fields).value).toEqual({});
    },
  );

  it.each([
    ["0", "Amount can not be less than ₦1"],
    ["0.50", "Amount can not be less than ₦1"],
    ["10,000,000.01", "Amount can not be more than ₦10,000,000"],
    ["-5", "Enter the amount in naira, e.g. 500"],
    ["a thousand", "Enter the amount in naira, e.g. 500"],
  ])("refuses %j with %j", (threshold, message) => {
    expect(submit(lowBalanceSchema, { threshold }).errors).toEqual({ threshold: [message] });
  });
});
