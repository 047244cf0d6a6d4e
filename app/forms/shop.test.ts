import { describe, expect, it } from "vitest";
import { submit } from "./form-submission.test-support.ts";
import { sellingPricesSchema, shopDetailsSchema, soldForSchema } from "./shop.ts";

// A reseller's shop forms (decision 085) as a person meets them: every field may be left empty,
// what is typed must be right, and each message sits beside its field.

const ONLY_SPACES = "Type some letters, or leave it empty";
const MARKUP = "Leave out < and >";
const NAME_FIRST = "Type your shop's name: the phone and address show under it";
const PRICE_NOT_MONEY = "Enter an amount in naira, e.g. 104, or leave it empty";
const SOLD_FOR_NOT_MONEY = "Enter what your customer pays in naira, e.g. 520, or leave it empty";

describe("the shop's details", () => {
  it.each([
    [
      "a name, a phone and an address, trimmed",
      { shopName: "  Mama Nkechi Ventures ", shopPhone: "+234 803 123 4567", shopAddress: "12 Market Rd, Aba" },
      { shopName: "Mama Nkechi Ventures", shopPhone: "+234 803 123 4567", shopAddress: "12 Market Rd, Aba" },
    ],
    ["a name alone", { shopName: "Nkechi & Sons" }, { shopName: "Nkechi & Sons" }],
    ["a name of 40 characters", { shopName: "N".repeat(40) }, { shopName: "N".repeat(40) }],
    ["nothing: the shop is forgotten", {}, {}],
  ])("takes %s", (_, form, value) => {
    expect(submit(shopDetailsSchema, form).value).toEqual(value);
  });

  it.each([
    ["a name of only spaces", { shopName: "   " }, { shopName: [ONLY_SPACES] }],
    ["a name with markup", { shopName: "<b>Mama</b>" }, { shopName: [MARKUP] }],
    ["a name of 41 characters", { shopName: "N".repeat(41) }, { shopName: ["Use at most 40 characters"] }],
    [
      "a phone that is not one",
      { shopName: "Mama", shopPhone: "call me" },
      { shopPhone: ["Enter a phone number: digits, with spaces, + or - if you like"] },
    ],
    ["an address with markup", { shopName: "Mama", shopAddress: "<script>" }, { shopAddress: [MARKUP] }],
    ["a phone with no name", { shopPhone: "08031234567" }, { shopName: [NAME_FIRST] }],
  ])("refuses %s beside its field", (_, form, errors) => {
    expect(submit(shopDetailsSchema, form).errors).toEqual(errors);
  });
});

describe("selling prices", () => {
  it("reads each price as kobo and leaves an empty one out", () => {
    expect(submit(sellingPricesSchema, { airtime: "104", data: "50.50", cable: "1,000", exam: "0" }).value).toEqual({
      airtime: 104_00,
      data: 50_50,
      cable: 1_000_00,
      exam: 0,
    });
  });

  it.each([
    ["words", { airtime: "one hundred" }, { airtime: [PRICE_NOT_MONEY] }],
    ["a negative fee", { cable: "-100" }, { cable: [PRICE_NOT_MONEY] }],
    ["a third decimal", { data: "1.005" }, { data: [PRICE_NOT_MONEY] }],
    ["more than ₦100,000,000", { electricity: "100000000.01" }, { electricity: ["That is more than ₦100,000,000"] }],
  ])("refuses %s", (_, form, errors) => {
    expect(submit(sellingPricesSchema, form).errors).toEqual(errors);
  });
});

describe("Sold for", () => {
  it.each([
    ["520", 520_00],
    ["₦1,234.50", 1_234_50],
    ["0", 0],
  ])("reads %s as kobo", (typed, kobo) => {
    expect(submit(soldForSchema, { soldFor: typed }).value).toEqual({ soldFor: kobo });
  });

  it("is optional", () => {
    expect(submit(soldForSchema, {}).value).toEqual({});
  });

  it.each(["five twenty", "520 naira", "   ", "-520"])("refuses %j with its own message", (typed) => {
    expect(submit(soldForSchema, { soldFor: typed }).errors).toEqual({ soldFor: [SOLD_FOR_NOT_MONEY] });
  });
});
