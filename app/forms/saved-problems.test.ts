import { afterEach, describe, expect, it } from "vitest";
import { overwriteGetLocale } from "../i18n/paraglide/runtime.js";
import { renameSchema, savedCustomerSchema } from "./saved.ts";
import { savedProblemMessage } from "./saved-problems.ts";

afterEach(() => overwriteGetLocale(() => "en-NG"));

describe("a saved entry's problems in words", () => {
  it.each([
    ["nameRequired", "Name is required!"],
    ["nameTooLong", "Use at most 40 characters"],
    ["kind", "Choose what you are saving"],
    ["numberRequired", "Number is required!"],
    ["phone", "Enter a phone number of 11 digits, e.g. 08012345678"],
    ["digits", "Enter the number as digits only, 6 to 20 of them"],
    ["meterProvider", "Choose the meter's company from the list"],
    ["cardProvider", "Choose the smart card's provider from the list"],
    ["meterType", "Select a meter type to continue"],
    ["full", "You have 200 saved numbers, the most an account can keep. Delete one to save another."],
  ] as const)("%s reads %j in English", (problem, text) => {
    expect(savedProblemMessage(problem)).toBe(text);
  });

  it("are in the page's language, worded when the value is checked", () => {
    overwriteGetLocale(() => "ha");
    expect(savedProblemMessage("nameTooLong")).toBe("Kada ka wuce haruffa 40");
    const result = savedCustomerSchema.safeParse({
      name: "",
      kind: "meter",
      number: "12",
      provider: "",
      meterType: "",
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Ana buƙatar suna!",
      "Shigar da lambar da lambobi kawai, daga 6 zuwa 20",
      "Zaɓi kamfanin mitar daga jerin",
      "Zaɓi irin mita don ci gaba",
    ]);
    overwriteGetLocale(() => "pcm");
    expect(renameSchema.safeParse({ id: "3", name: " " }).error?.issues[0]?.message).toBe("You need to put name!");
  });
});
