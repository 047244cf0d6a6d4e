import { describe, expect, it } from "vitest";
import {
  numbersNamed,
  readSavedEntry,
  saveOfferOfRow,
  savedEntryText,
  savedKindsFor,
  savedName,
  savedNumber,
} from "./saved-customers.ts";
import type { HistoryRow } from "./buy-again.ts";

describe("a saved name", () => {
  it.each([
    ["Mama Nkechi", { name: "Mama Nkechi" }],
    ["  Mama   Nkechi \n", { name: "Mama Nkechi" }],
    ["Mama\tNkechi", { name: "Mama Nkechi" }],
    ["Shop\u0000 2", { name: "Shop 2" }],
    ["<b>Iya Basira</b>", { name: "<b>Iya Basira</b>" }],
    ["Ẹ̀gbọ́n Adé", { name: "Ẹ̀gbọ́n Adé" }],
    ["a".repeat(40), { name: "a".repeat(40) }],
    ["a".repeat(41), { error: "nameTooLong" }],
    ["😀".repeat(40), { name: "😀".repeat(40) }],
    ["", { error: "nameRequired" }],
    ["   ", { error: "nameRequired" }],
  ])("%j reads as %j", (typed, expected) => {
    expect(savedName(typed)).toEqual(expected);
  });
});

describe("a saved number", () => {
  it.each([
    ["phone", "08031234567", { number: "08031234567" }],
    ["phone", "+234 803 123 4567", { number: "08031234567" }],
    ["phone", "2348031234567", { number: "08031234567" }],
    ["phone", "0803123456", { error: "phone" }],
    ["phone", "01234567890", { error: "phone" }],
    ["phone", " ", { error: "numberRequired" }],
    ["meter", "45012345678", { number: "45012345678" }],
    ["meter", "4501-2345", { error: "digits" }],
    ["card", "1212121212", { number: "1212121212" }],
    ["card", "12345", { error: "digits" }],
    ["jamb", "12345678901", { number: "12345678901" }],
    ["jamb", "1".repeat(21), { error: "digits" }],
  ] as const)("%s %j reads as %j", (kind, typed, expected) => {
    expect(savedNumber(kind, typed)).toEqual(expected);
  });
});

describe("a saved entry as posted", () => {
  const meter = { name: "Mama Nkechi", kind: "meter", number: "45012345678", provider: "IKEDC", meterType: "prepaid" };
  it.each([
    [meter, { entry: { ...meter } }],
    [
      { name: "Ada", kind: "phone", number: "0803 123 4567", provider: "DSTV", meterType: "prepaid" },
      { entry: { name: "Ada", kind: "phone", number: "08031234567", provider: "", meterType: "" } },
    ],
    [
      { name: "Ada", kind: "card", number: "1212121212", provider: "GOTV", meterType: "prepaid" },
      { entry: { name: "Ada", kind: "card", number: "1212121212", provider: "GOTV", meterType: "" } },
    ],
    [{ ...meter, provider: "" }, { errors: { provider: "meterProvider" } }],
    [{ ...meter, meterType: "smart" }, { errors: { meterType: "meterType" } }],
    [{ name: "Ada", kind: "card", number: "1212121212" }, { errors: { provider: "cardProvider" } }],
    [{ name: "", kind: "toaster", number: "1" }, { errors: { name: "nameRequired", kind: "kind" } }],
    [{ name: "a".repeat(41), kind: "jamb", number: "12ab" }, { errors: { name: "nameTooLong", number: "digits" } }],
  ])("%j gives %j", (posted, expected) => {
    expect(readSavedEntry(posted)).toEqual(expected);
  });
});

describe("the saved kinds a product form lists", () => {
  it.each([
    ["airtime", ["phone"]],
    ["data", ["phone"]],
    ["sms", ["phone"]],
    ["cable", ["card"]],
    ["electricity", ["meter"]],
    ["exam", ["jamb", "phone"]],
    ["funding", []],
  ])("%s lists %j", (product, kinds) => {
    expect(savedKindsFor(product)).toEqual(kinds);
  });
});

describe("numbers a transaction search names", () => {
  const entries = [
    { name: "Mama Nkechi", number: "08031234567" },
    { name: "Mama Nkechi shop", number: "45012345678" },
    { name: "Baba Tunde", number: "08051234567" },
  ];
  it.each([
    ["nkechi", ["08031234567", "45012345678"]],
    ["MAMA  shop", ["45012345678"]],
    ["tunde mama", []],
    ["0803", []],
    ["", []],
  ])("%j finds %j", (search, numbers) => {
    expect(numbersNamed(entries, search)).toEqual(numbers);
  });
});

describe("what a past purchase offers to save", () => {
  const row = (fields: Partial<HistoryRow>): HistoryRow => ({
    plan: "",
    description: "",
    description2: "",
    phoneNumber: "",
    smartNo: "",
    meterNo: "",
    subtotal: 100_00,
    ...fields,
  });
  it.each([
    [
      "an airtime top-up: its phone",
      row({ plan: "MTN Airtime", description: "MTN Airtime VTU", phoneNumber: "08031234567" }),
      { kind: "phone", number: "08031234567", provider: "", meterType: "" },
    ],
    [
      "a cable subscription: its smart card and provider",
      row({
        plan: "DSTV Compact",
        description: "DSTV subscription",
        smartNo: "1212121212",
        phoneNumber: "08031234567",
      }),
      { kind: "card", number: "1212121212", provider: "DSTV", meterType: "" },
    ],
    ["a purchase it cannot tell", row({ description: "Wallet funding" }), null],
  ])("%s", (_, history, offer) => {
    expect(saveOfferOfRow(history)).toEqual(offer);
  });
});

describe("an entry in a list", () => {
  it("reads by its name, then its number and provider", () => {
    expect(
      savedEntryText({ name: "Mama Nkechi", number: "45012345678", provider: "IKEDC", meterType: "prepaid" }),
    ).toBe("Mama Nkechi: 45012345678, Prepaid, IKEDC");
    expect(savedEntryText({ name: "Ada", number: "08031234567", provider: "", meterType: "" })).toBe(
      "Ada: 08031234567",
    );
  });
});
