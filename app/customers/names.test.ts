import { afterEach, describe, expect, it } from "vitest";
import { overwriteGetLocale } from "../i18n/paraglide/runtime.js";
import { meterTypeChoices, meterTypeName, savedKindChoices, savedKindName } from "./names.ts";

afterEach(() => overwriteGetLocale(() => "en-NG"));

describe("a saved entry's kind and meter type in words", () => {
  it("are English by default, as the pages said before", () => {
    expect(savedKindChoices()).toEqual([
      { value: "phone", label: "Phone number" },
      { value: "meter", label: "Meter" },
      { value: "card", label: "Smart card" },
      { value: "jamb", label: "JAMB profile ID" },
    ]);
    expect(meterTypeChoices()).toEqual([
      { value: "prepaid", label: "Prepaid" },
      { value: "postpaid", label: "Postpaid" },
    ]);
    expect(meterTypeName("")).toBeUndefined();
    expect(meterTypeName("toString")).toBeUndefined();
  });

  it("follow the request's language", () => {
    overwriteGetLocale(() => "ha");
    expect(savedKindName("meter")).toBe("Mita");
    expect(meterTypeName("prepaid")).toBe("Prepaid (kafin amfani)");
  });
});
