import { describe, expect, it } from "vitest";
import { submit } from "./form-submission.test-support.ts";
import { changePinSchema, forgotPinSchema, setPinSchema } from "./pin.ts";

// The PIN forms as a person meets them: each field's error names that field, so the error
// summary of a form with two or three PINs never lists one sentence twice.

const PHONE = "08031234567";

describe("PIN forms with PINs that are not 4 digits", () => {
  it("set PIN says which of the two is wrong", () => {
    expect(submit(setPinSchema(PHONE), { newPin: "12", confirmPin: "12" }).errors).toEqual({
      newPin: ["Your new PIN must be 4 digits"],
      confirmPin: ["Type your new PIN again: 4 digits"],
    });
  });

  it("change PIN says which of the three is wrong", () => {
    expect(submit(changePinSchema(PHONE), { currentPin: "1", newPin: "12345", confirmPin: "ab" }).errors).toEqual({
      currentPin: ["Your current PIN is 4 digits"],
      newPin: ["Your new PIN must be 4 digits"],
      confirmPin: ["Type your new PIN again: 4 digits"],
    });
  });

  it("forgot PIN says which of the two is wrong", () => {
    expect(
      submit(forgotPinSchema(PHONE), { password: "Demo-pass-2026", newPin: "9", confirmPin: "98" }).errors,
    ).toEqual({
      newPin: ["Your new PIN must be 4 digits"],
      confirmPin: ["Type your new PIN again: 4 digits"],
    });
  });

  it("takes a PIN typed with a phone keyboard's spaces", () => {
    expect(submit(setPinSchema(PHONE), { newPin: "48 27", confirmPin: "4827" }).value).toEqual({
      newPin: "4827",
      confirmPin: "4827",
    });
  });
});
