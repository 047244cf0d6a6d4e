import { describe, expect, it } from "vitest";
import {
  loginSchema,
  forgotPasswordSchema,
  otpSchema,
  personalInfoSchema,
  registerSchema,
  resetPasswordSchema,
} from "./account.ts";
import { submit } from "./form-submission.test-support.ts";

// The account forms as a user meets them: posted as FormData, parsed the way
// the actions and the browser parse them. Messages are written out verbatim, so a reworded
// one is noticed, and each field is expected to show exactly one.

const PHONE_REQUIRED = "Phone number is required";
const PHONE_INVALID = "Phone number is invalid";
const PHONE_FORMAT = "Invalid phone number, the format allowed e.g 07012345678, 08012345678 and 11 digits only";
const INVALID_EMAIL = "Invalid email address";
const OTP_EMPTY = "Otp can not be empty. Please enter the otp sent to your email.";

/** The phone rule, shared by register and personal info: one message each time. */
const PHONE_ROWS = [
  ["empty", "", PHONE_REQUIRED],
  ["only spaces", "   ", PHONE_REQUIRED],
  ["10 digits", "0803123456", PHONE_INVALID],
  ["1 digit", "0", PHONE_INVALID],
  ["under 11 characters with letters", "0803abc", PHONE_INVALID],
  ["10 digits inside spaces", "  0803123456  ", PHONE_INVALID],
  ["11 characters, not all digits", "0803abc4567", PHONE_FORMAT],
  ["11 characters with dashes", "0803-123-45", PHONE_FORMAT],
  ["12 digits", "080312345678", PHONE_FORMAT],
  ["international with +", "+2348031234567", PHONE_FORMAT],
  ["international without +", "2348031234567", PHONE_FORMAT],
  ["spaced out", "0803 123 4567", PHONE_FORMAT],
  ["11 digits outside the mobile ranges", "08531234567", PHONE_FORMAT],
  ["11 digits not starting with 0", "12345678901", PHONE_FORMAT],
] as const;

const VALID_PHONES = [
  ["08031234567", "08031234567"],
  ["07012345678", "07012345678"],
  ["09112345678", "09112345678"],
  [" 08131234567 ", "08131234567"],
] as const;

describe("register form", () => {
  const filled = {
    firstName: "Ada",
    lastName: "Okonkwo",
    email: "ada.okonkwo@example.com",
    phone: "08031234567",
    password: "Secret-pass-1",
    confirmPassword: "Secret-pass-1",
  };

  it("gives the action every field, trimmed, with the optional ones left out when empty", () => {
    expect(
      submit(registerSchema, {
        ...filled,
        firstName: " Ada ",
        email: " ada.okonkwo@example.com ",
        hearUs: "",
        referral: "",
      }),
    ).toEqual({
      value: filled,
      errors: undefined,
    });
  });

  it("keeps how the user heard of us and the referral when given", () => {
    expect(submit(registerSchema, { ...filled, hearUs: "Radio or TV", referral: "agent-007" }).value).toEqual({
      ...filled,
      hearUs: "Radio or TV",
      referral: "agent-007",
    });
  });

  it("names every missing field at once with the product's own words", () => {
    expect(submit(registerSchema, {}).errors).toEqual({
      firstName: ["First Name is required"],
      lastName: ["Last Name is required"],
      email: ["Email field is required"],
      phone: [PHONE_REQUIRED],
      password: ["Password field is required"],
      confirmPassword: ["Confirm Password field is required"],
    });
  });

  it.each([
    ["empty", "Email field is required", ""],
    ["only spaces", "Email field is required", "   "],
    ["without an @", INVALID_EMAIL, "ada.okonkwo.example.com"],
    ["without a domain ending", INVALID_EMAIL, "ada@example"],
    ["with a 5-letter ending", INVALID_EMAIL, "ada@example.comng"],
    ["with a 1-letter ending", INVALID_EMAIL, "ada@example.c"],
    ["with a +", INVALID_EMAIL, "ada+portal@example.com"],
    ["with two @", INVALID_EMAIL, "ada@okonkwo@example.com"],
    ["with a space inside", INVALID_EMAIL, "ada okonkwo@example.com"],
    ["with nothing before the @", INVALID_EMAIL, "@example.com"],
    ["over 254 characters", INVALID_EMAIL, `${"a".repeat(250)}@example.com`],
    ["over 254 characters and malformed", INVALID_EMAIL, `${"a".repeat(300)}@x`],
  ])("refuses an e-mail %s with '%s' alone", (_case, message, email) => {
    expect(submit(registerSchema, { ...filled, email }).errors).toEqual({ email: [message] });
  });

  it.each([["ada_o-k.1@mail.example.ng"], ["ADA@EXAMPLE.COM"], ["a@b.co"], ["ada@sub-domain.example.info"]])(
    "accepts the e-mail %s",
    (email) => {
      expect(submit(registerSchema, { ...filled, email }).value?.email).toBe(email);
    },
  );

  it.each(PHONE_ROWS)("refuses a phone %s (%j) with '%s' alone", (_case, phone, message) => {
    expect(submit(registerSchema, { ...filled, phone }).errors).toEqual({ phone: [message] });
  });

  it.each(VALID_PHONES)("accepts the phone %j as %s", (phone, expected) => {
    expect(submit(registerSchema, { ...filled, phone }).value?.phone).toBe(expected);
  });

  it.each([
    ["differ", "Secret-pass-1", "Secret-pass-2"],
    ["differ only in case", "Secret-pass-1", "secret-pass-1"],
    ["differ by a trailing space", "Secret-pass-1", "Secret-pass-1 "],
  ])("says 'Passwords do not match' beside the confirmation when the two %s", (_case, password, confirmPassword) => {
    expect(submit(registerSchema, { ...filled, password, confirmPassword }).errors).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("reports a mismatch in the same answer as the other fields' errors, not on a second submit", () => {
    expect(submit(registerSchema, { password: "Secret-pass-1", confirmPassword: "Secret-pass-2" }).errors).toEqual({
      firstName: ["First Name is required"],
      lastName: ["Last Name is required"],
      email: ["Email field is required"],
      phone: [PHONE_REQUIRED],
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("reports a mismatch beside a field refused for its form, as a short phone or a bad e-mail", () => {
    const typed = {
      ...filled,
      email: "ada.example.com",
      phone: "0803123456",
      confirmPassword: `${filled.password}-typo`,
    };
    expect(submit(registerSchema, typed).errors).toEqual({
      email: [INVALID_EMAIL],
      phone: ["Phone number is invalid"],
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("asks for a missing confirmation rather than calling it a mismatch", () => {
    expect(submit(registerSchema, { ...filled, confirmPassword: "" }).errors).toEqual({
      confirmPassword: ["Confirm Password field is required"],
    });
  });

  it("tells a too-long confirmation only its length", () => {
    expect(submit(registerSchema, { ...filled, confirmPassword: "x".repeat(129) }).errors).toEqual({
      confirmPassword: ["Use at most 128 characters"],
    });
  });

  it("refuses an answer to 'How did you hear about us' that is not on the list", () => {
    expect(submit(registerSchema, { ...filled, hearUs: "Billboard" }).errors).toEqual({
      hearUs: ["Choose how you heard about us"],
    });
  });
});

describe("login form", () => {
  it("names both missing fields with the product's own words", () => {
    expect(submit(loginSchema, {}).errors).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  it.each([
    ["an e-mail of spaces", { email: "   ", password: "Secret-pass-1" }, { email: ["Email is required"] }],
    [
      "a password over 128 characters",
      { email: "ada@example.com", password: "x".repeat(129) },
      { password: ["Use at most 128 characters"] },
    ],
  ])("refuses %s", (_case, fields, errors) => {
    expect(submit(loginSchema, fields).errors).toEqual(errors);
  });

  it("sends whatever e-mail text was typed on, trimmed, for the upstream to judge (no format is checked here)", () => {
    expect(submit(loginSchema, { email: " ada ", password: " spaced " }).value).toEqual({
      email: "ada",
      password: " spaced ",
    });
  });

  it("keeps where the user was going", () => {
    expect(
      submit(loginSchema, { email: "ada@example.com", password: "p", redirectTo: "/dashboard/profile" }).value
        ?.redirectTo,
    ).toBe("/dashboard/profile");
  });
});

describe("forgot password form", () => {
  it.each([
    ["empty", "Email is required", ""],
    ["only spaces", "Email is required", "   "],
    ["without an @", INVALID_EMAIL, "ada.example.com"],
    ["over 254 characters", INVALID_EMAIL, `${"a".repeat(300)}@example.com`],
  ])("refuses an e-mail %s with '%s' alone", (_case, message, email) => {
    expect(submit(forgotPasswordSchema, { email }).errors).toEqual({ email: [message] });
  });

  it("sends the e-mail on, trimmed", () => {
    expect(submit(forgotPasswordSchema, { email: " ada@example.com " }).value).toEqual({ email: "ada@example.com" });
  });
});

describe("reset password form", () => {
  const filled = { token: "reset-token", newPassword: "New-pass-2026", confirmPassword: "New-pass-2026" };

  it("gives the action the token and the new password", () => {
    expect(submit(resetPasswordSchema, filled).value).toEqual(filled);
  });

  it.each([
    ["nothing", {}, { newPassword: ["New Password is required"], confirmPassword: ["Confirm Password is required"] }],
    ["no new password", { confirmPassword: "New-pass-2026" }, { newPassword: ["New Password is required"] }],
    ["no confirmation", { newPassword: "New-pass-2026" }, { confirmPassword: ["Confirm Password is required"] }],
    [
      "two different passwords",
      { newPassword: "New-pass-2026", confirmPassword: "New-pass-2027" },
      { confirmPassword: ["The two passwords doesn't match"] },
    ],
    [
      "passwords differing in case",
      { newPassword: "New-pass-2026", confirmPassword: "new-pass-2026" },
      { confirmPassword: ["The two passwords doesn't match"] },
    ],
  ])("refuses %s with the product's own words", (_case, fields, errors) => {
    expect(submit(resetPasswordSchema, { token: "reset-token", ...fields }).errors).toEqual(errors);
  });

  it("refuses a link without its token", () => {
    expect(submit(resetPasswordSchema, { ...filled, token: "" }).errors).toEqual({
      token: ["The reset link is incomplete."],
    });
  });
});

describe("OTP form", () => {
  it.each([
    [["1", "2", "3", "4"], "1234"],
    [["0", "0", "0", "0"], "0000"],
    // Pasted or autofilled into the first box without JavaScript (decision 046).
    [["9858", "", "", ""], "9858"],
    [[" 9858 ", "", "", ""], "9858"],
    [["98 58", "", "", ""], "9858"],
  ])("joins the boxes %j into the code %s", (digits, otp) => {
    const [digit1 = "", digit2 = "", digit3 = "", digit4 = ""] = digits;
    expect(submit(otpSchema, { digit1, digit2, digit3, digit4 }).value).toEqual({ otp });
  });

  it.each([
    ["no box is filled", ["", "", "", ""]],
    ["the last box is empty", ["1", "2", "3", ""]],
    ["the first box is empty", ["", "2", "3", "4"]],
    ["a box is empty and another holds a letter", ["a", "", "", ""]],
    ["the first box holds three digits and the others nothing", ["985", "", "", ""]],
    ["the first box holds the whole code and another box a digit", ["9858", "1", "", ""]],
  ])(
    "says only the product's 'can not be empty' when %s",
    (_case, [digit1 = "", digit2 = "", digit3 = "", digit4 = ""]) => {
      expect(submit(otpSchema, { digit1, digit2, digit3, digit4 }).errors).toEqual({ "": [OTP_EMPTY] });
    },
  );

  it.each([
    ["a letter", ["1", "a", "3", "4"], "digit2"],
    ["two digits", ["12", "2", "3", "4"], "digit1"],
    ["the whole code while the others are filled", ["9858", "2", "3", "4"], "digit1"],
    ["a space", ["1", "2", "3", " "], "digit4"],
  ])(
    "names the box holding %s once every box is filled",
    (_case, [digit1 = "", digit2 = "", digit3 = "", digit4 = ""], box) => {
      expect(submit(otpSchema, { digit1, digit2, digit3, digit4 }).errors).toEqual({
        [box]: ["Each box takes one digit"],
      });
    },
  );
});

describe("personal info form", () => {
  const filled = { firstName: "Ngozi", lastName: "Eze", phone: "08031234567" };

  it("gives the action the names and the phone, trimmed", () => {
    expect(submit(personalInfoSchema, { firstName: " Ngozi ", lastName: "Eze ", phone: " 08031234567" }).value).toEqual(
      filled,
    );
  });

  it("names every missing field at once with the product's own words", () => {
    expect(submit(personalInfoSchema, { firstName: "", lastName: "  ", phone: "" }).errors).toEqual({
      firstName: ["First Name is required"],
      lastName: ["Last Name is required"],
      phone: [PHONE_REQUIRED],
    });
  });

  it.each(PHONE_ROWS)("refuses a phone %s (%j) with '%s' alone", (_case, phone, message) => {
    expect(submit(personalInfoSchema, { ...filled, phone }).errors).toEqual({ phone: [message] });
  });

  it.each(VALID_PHONES)("accepts the phone %j as %s", (phone, expected) => {
    expect(submit(personalInfoSchema, { ...filled, phone }).value?.phone).toBe(expected);
  });

  it.each([["firstName"], ["lastName"]])("refuses a %s over 50 characters", (field) => {
    expect(submit(personalInfoSchema, { ...filled, [field]: "x".repeat(51) }).errors).toEqual({
      [field]: ["Use at most 50 characters"],
    });
  });
});
