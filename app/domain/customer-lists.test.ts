import { describe, expect, it } from "vitest";
import {
  LIST_MAX_NUMBERS,
  type ListEntry,
  listAsNumbers,
  listEntries,
  listName,
  listNetworks,
} from "./customer-lists.ts";

// Decision 086: what a customer list keeps, and what it refuses.

describe("listName", () => {
  it.each([
    ["Office staff", [], { name: "Office staff" }],
    ["  Church\tdata  ", [], { name: "Church data" }],
    ["", [], { error: "nameRequired" }],
    ["   ", [], { error: "nameRequired" }],
    ["x".repeat(41), [], { error: "nameTooLong" }],
    ["x".repeat(40), [], { name: "x".repeat(40) }],
    // Another list's name, whatever its case and spacing.
    ["office  STAFF", ["Office staff"], { error: "nameTaken" }],
    ["Office staff 2", ["Office staff"], { name: "Office staff 2" }],
  ])("%j beside %j → %j", (text, taken, expected) => {
    expect(listName(text, taken)).toEqual(expected);
  });
});

const entry = (number: string, network = "", name = ""): ListEntry => ({ number, network, name });

describe("listEntries", () => {
  it.each([
    [
      "numbers in local form, each once, the first entry kept",
      [entry("+234 803 123 4567", "MTN", "Ada"), entry("08031234567", "Glo", "Again"), entry("08051234567")],
      { entries: [entry("08031234567", "MTN", "Ada"), entry("08051234567")] },
    ],
    [
      "what is no mobile number dropped",
      [entry("12345"), entry("07011111111", " 9mobile ")],
      {
        entries: [entry("07011111111", "9mobile")],
      },
    ],
    ["nothing left: no numbers", [entry("12345")], { error: "noNumbers" }],
    ["none at all", [], { error: "noNumbers" }],
  ])("%s", (_, entries, expected) => {
    expect(listEntries(entries)).toEqual(expected);
  });

  const numbers = (count: number) =>
    Array.from({ length: count }, (_, index) => entry(`0803${String(index).padStart(7, "0")}`));
  it(`takes ${LIST_MAX_NUMBERS} numbers, not one more`, () => {
    expect(listEntries(numbers(LIST_MAX_NUMBERS))).toMatchObject({ entries: { length: LIST_MAX_NUMBERS } });
    expect(listEntries(numbers(LIST_MAX_NUMBERS + 1))).toEqual({ error: "tooMany" });
  });
});

describe("filling the bulk form", () => {
  const entries = [entry("08031234567", "MTN"), entry("08051234567", "Gone Telecom"), entry("08061234567")];
  it("puts one number a line", () => {
    expect(listAsNumbers(entries)).toBe("08031234567\n08051234567\n08061234567");
  });
  it("chooses the networks today's list still has, by title or short name", () => {
    const providers = [
      { id: 1, title: "MTN" },
      { id: 2, title: "GLO" },
    ];
    expect(listNetworks(entries, providers)).toEqual({ "08031234567": "1" });
  });
});
