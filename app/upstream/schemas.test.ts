import { describe, expect, it } from "vitest";
import {
  loginResultSchema,
  settingsSchema,
  sitePagesSchema,
  transactionListSchema,
  type User,
  userSchema,
} from "./schemas.ts";

// The upstream's JSON (docs/upstream-api.md) in, the portal's types out: each field's new name and
// unit, and what a missing or odd value becomes.

const WIRE_USER = {
  id: 7,
  first_name: "Ada",
  last_name: "Obi",
  email: "ada@example.ng",
  username: "ada@example.ng",
  date_joined: "2024-05-01T10:00:00Z",
  level: 2,
  profile: {
    phone_no: "08031234567",
    wallet_balance: "1500.50",
    otp_verification: 1,
    account_name: "Ada Obi",
    account_number: "0123456789",
    bank_name: "GTBank",
    webhook_url: "https://example.ng/hook",
    referred_by: "bola",
    hear_us: "Friend",
    sterling_account: [{ accountName: "PV-Ada Obi", accountNumber: "8000000001" }],
    wema_account: null,
  },
};

const USER: User = {
  id: 7,
  email: "ada@example.ng",
  firstName: "Ada",
  lastName: "Obi",
  username: "ada@example.ng",
  dateJoined: "2024-05-01T10:00:00Z",
  level: 2,
  profile: {
    phone: "08031234567",
    walletBalanceKobo: 150_050,
    otpVerified: true,
    accountName: "Ada Obi",
    accountNumber: "0123456789",
    bankName: "GTBank",
    webhookUrl: "https://example.ng/hook",
    referredBy: "bola",
    hearUs: "Friend",
    sterlingAccounts: [{ accountName: "PV-Ada Obi", accountNumber: "8000000001" }],
    wemaAccounts: [],
  },
};

function wireUser(profile: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
  return { ...WIRE_USER, ...user, profile: { ...WIRE_USER.profile, ...profile } };
}

describe("userSchema (call 5)", () => {
  it("hands the user over in the portal's words, money in kobo", () => {
    expect(userSchema.parse(WIRE_USER)).toEqual(USER);
  });

  it.each([
    ["wallet_balance as a number", { wallet_balance: 12.5 }, { walletBalanceKobo: 1_250 }],
    ["wallet_balance of nothing", { wallet_balance: "0" }, { walletBalanceKobo: 0 }],
    ["otp_verification 0", { otp_verification: 0 }, { otpVerified: false }],
    ['otp_verification "1"', { otp_verification: "1" }, { otpVerified: true }],
    ["otp_verification true", { otp_verification: true }, { otpVerified: true }],
    ["otp_verification false", { otp_verification: false }, { otpVerified: false }],
    ["phone_no null", { phone_no: null }, { phone: "" }],
    ["webhook_url missing", { webhook_url: undefined }, { webhookUrl: "" }],
    ["no sterling_account", { sterling_account: undefined }, { sterlingAccounts: [] }],
    ["a malformed wema_account", { wema_account: "soon" }, { wemaAccounts: [] }],
    [
      "a wema_account",
      { wema_account: [{ accountName: "PV-Ada", accountNumber: "9000000002" }] },
      { wemaAccounts: [{ accountName: "PV-Ada", accountNumber: "9000000002" }] },
    ],
  ])("reads %s", (_case, profile, expected) => {
    expect(userSchema.parse(wireUser(profile)).profile).toEqual({ ...USER.profile, ...expected });
  });

  it.each([
    ["first_name null", { first_name: null }, { firstName: "" }],
    ["last_name missing", { last_name: undefined }, { lastName: "" }],
    ["no level", { level: null }, { level: null }],
    ["a level out of range", { level: 9 }, { level: null }],
    ["date_joined missing", { date_joined: undefined }, { dateJoined: "" }],
  ])("reads %s", (_case, user, expected) => {
    expect(userSchema.parse(wireUser({}, user))).toEqual({ ...USER, ...expected });
  });

  it.each([
    ["a balance with 3 decimals", { wallet_balance: "1.005" }],
    ["a balance that is not a number", { wallet_balance: "lots" }],
  ])("refuses %s", (_case, profile) => {
    expect(userSchema.safeParse(wireUser(profile)).success).toBe(false);
  });
});

describe("transactionListSchema (calls 36 and 37)", () => {
  const WIRE_ROW = {
    id: 41,
    transaction_ref: "PV41",
    plan: "MTN 1GB",
    phone_number: 8031234567,
    smart_no: null,
    meter_no: "45678901234",
    description: "IKEDC token: 1234",
    description2: "",
    response: "ok",
    subtotal: "100",
    amount: 98.5,
    exam_card: "",
    token: "1234",
    initial_balance: "1000.00",
    new_balance: "901.50",
    status: "1",
    created_at: "2024-05-02T09:00:00Z",
  };

  it("hands each row over in the portal's words, money in kobo", () => {
    expect(transactionListSchema.parse([WIRE_ROW])).toEqual([
      {
        id: 41,
        reference: "PV41",
        plan: "MTN 1GB",
        phoneNumber: "8031234567",
        smartNo: "",
        meterNo: "45678901234",
        description: "IKEDC token: 1234",
        description2: "",
        response: "ok",
        subtotal: 10_000,
        amount: 9_850,
        examCard: "",
        token: "1234",
        initialBalanceKobo: 100_000,
        newBalanceKobo: 90_150,
        status: 1,
        createdAt: "2024-05-02T09:00:00Z",
      },
    ]);
  });
});

describe("sitePagesSchema and settingsSchema (calls 1 and 16)", () => {
  it.each([
    ["a text number", "2348012345678", "2348012345678"],
    ["a JSON number", 2348012345678, "2348012345678"],
    ["nothing", null, ""],
  ])("reads whatsapp_phone as %s into whatsappPhone", (_case, wire, expected) => {
    const pages = sitePagesSchema.parse({
      about: "a",
      contact: "c",
      social: "s",
      whatsapp_phone: wire,
      faq: "f",
      privacy: "p",
      terms: "t",
    });
    expect(pages).toEqual({
      about: "a",
      contact: "c",
      social: "s",
      whatsappPhone: expected,
      faq: "f",
      privacy: "p",
      terms: "t",
    });
  });

  it("reads reserved_account_instruction into reservedAccountInstruction", () => {
    expect(settingsSchema.parse({ notification: "<p>Hi</p>", reserved_account_instruction: null })).toEqual({
      notification: "<p>Hi</p>",
      reservedAccountInstruction: "",
    });
  });
});

describe("loginResultSchema", () => {
  it.each([
    ["a DRF token", "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b", true],
    ["a bearer token with base64 characters", "abc-DEF_123.~+/=", true],
    ["an empty token", "", false],
    ["a token with a line break", "broken\ntoken", false],
    ["a token with a space", "two words", false],
    ["a token with a character outside ASCII", "tokén", false],
  ])("%s (%j): accepted %s", (_name, key, accepted) => {
    expect(loginResultSchema.safeParse({ key }).success).toBe(accepted);
  });
});
