import { describe, expect, it } from "vitest";
import { parseExamCard } from "./exam-card.ts";

describe("parseExamCard", () => {
  it.each([
    ["Serial: WRN123456789, PIN: 123456789012", { serial: "WRN123456789", pin: "123456789012" }],
    ["  serial:WRN1,pin:42  ", { serial: "WRN1", pin: "42" }],
    ["Serial No: NEC 99 01; PIN = 5555", { serial: "NEC 99 01", pin: "5555" }],
  ])("reads %j", (text, expected) => {
    expect(parseExamCard(text)).toEqual(expected);
  });

  it.each(["", "   ", "123456789012", "PIN: 1234, Serial: WRN1", "Serial: , PIN: 1"])(
    "leaves %j to be shown as it came",
    (text) => {
      expect(parseExamCard(text)).toBeNull();
    },
  );
});
