import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoPassword } from "../seed/demo-accounts.ts";
import { logIn, profileOf } from "../testing/accounts.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;
let token: string;

const email = "reseller@payvend.test";

beforeEach(async () => {
  test = startTestSandbox();
  token = await logIn(test, email, demoPassword);
});

afterEach(() => {
  test.close();
});

function stored(columns: string): Record<string, unknown> {
  return { ...test.db.prepare(`SELECT ${columns} FROM users WHERE email = ?`).get(email) };
}

async function profile(): Promise<Record<string, unknown>> {
  return profileOf((await test.call("GET", "/v1/user/profile/", { token })).body);
}

describe("call 12: PUT /v1/update-bank-details/", () => {
  const valid = { account_name: "Oluwaseun Adeyemi", account_number: "0123456789", bank_name: "Guaranty Trust Bank" };

  function update(body: unknown) {
    return test.call("PUT", "/v1/update-bank-details/", { token, body });
  }

  it("saves the details, with the bank spelt as the bank list spells it", async () => {
    const answer = await update({ ...valid, account_name: " Oluwaseun Adeyemi ", bank_name: " guaranty trust BANK " });
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "Bank details updated successfully." } });
    expect(await profile()).toMatchObject({
      account_name: "Oluwaseun Adeyemi",
      account_number: "0123456789",
      bank_name: "Guaranty Trust Bank",
    });
  });

  it("accepts every bank of call 40", async () => {
    const list = (await test.call("GET", "/v1/get-bank-list/", { token })).body as { data: { name: string }[] };
    for (const bank of list.data) {
      expect((await update({ ...valid, bank_name: bank.name })).status).toBe(200);
    }
  });

  it.each([
    [{ ...valid, account_name: "" }, "Account name is required."],
    [{ ...valid, account_name: 42 }, "Account name must be text."],
    [{ ...valid, account_name: "A".repeat(151) }, "Account name must be at most 150 characters."],
    [{ ...valid, account_number: undefined }, "Account number is required."],
    [{ ...valid, account_number: "012345678" }, "Account number must be exactly 10 digits (NUBAN)."],
    [{ ...valid, account_number: "01234567890" }, "Account number must be exactly 10 digits (NUBAN)."],
    [{ ...valid, account_number: "01234S6789" }, "Account number must be exactly 10 digits (NUBAN)."],
    [{ ...valid, account_number: 1234567890 }, "Account number must be exactly 10 digits (NUBAN)."],
    [{ ...valid, bank_name: null }, "Bank name is required."],
    [{ ...valid, bank_name: "Bank of Lagos" }, "Bank name must be one of the banks in the bank list."],
    [{ ...valid, bank_name: "GTB" }, "Bank name must be one of the banks in the bank list."],
  ])("refuses %j", async (body, message) => {
    const answer = await update(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message });
    expect(await profile()).toMatchObject({ account_name: null, account_number: null, bank_name: null });
  });

  it("refuses a body that is not JSON, and needs a token", async () => {
    expect(await update("{")).toMatchObject({
      status: 400,
      body: { status: 400, message: "The request body is not valid JSON." },
    });
    expect((await test.call("PUT", "/v1/update-bank-details/", { body: valid })).status).toBe(401);
  });
});

describe("call 13: POST /v1/update-bvn/", () => {
  // The test clock reads 2026-03-02, so an 18th birthday on that day is just old enough.
  const valid = { bvn: "22212345678", name: "Oluwaseun Adeyemi", dob: "1990-05-17", phone: "08050000003" };

  function update(body: unknown) {
    return test.call("POST", "/v1/update-bvn/", { token, body });
  }

  it("stores the BVN, name, date of birth and phone on the user", async () => {
    const answer = await update(valid);
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "BVN updated successfully." } });
    expect(stored("bvn, bvn_name, bvn_date_of_birth, bvn_phone")).toEqual({
      bvn: "22212345678",
      bvn_name: "Oluwaseun Adeyemi",
      bvn_date_of_birth: "1990-05-17",
      bvn_phone: "08050000003",
    });
  });

  it.each(["2008-03-02", "2008-02-29", "1900-01-01"])("accepts a date of birth of %s", async (dob) => {
    expect((await update({ ...valid, dob })).status).toBe(200);
  });

  it.each([
    [{ ...valid, bvn: "" }, "BVN is required."],
    [{ ...valid, bvn: "2221234567" }, "BVN must be exactly 11 digits."],
    [{ ...valid, bvn: "222123456789" }, "BVN must be exactly 11 digits."],
    [{ ...valid, bvn: "2221234567X" }, "BVN must be exactly 11 digits."],
    [{ ...valid, bvn: 22212345678 }, "BVN must be exactly 11 digits."],
    [{ ...valid, name: " " }, "Name is required."],
    [{ ...valid, dob: undefined }, "Date of birth is required."],
    [{ ...valid, dob: "17/05/1990" }, "Date of birth must be a real date written YYYY-MM-DD."],
    [{ ...valid, dob: "1990-02-30" }, "Date of birth must be a real date written YYYY-MM-DD."],
    [{ ...valid, dob: "2007-02-29" }, "Date of birth must be a real date written YYYY-MM-DD."],
    [{ ...valid, dob: "1990-13-01" }, "Date of birth must be a real date written YYYY-MM-DD."],
    [{ ...valid, dob: "1990-5-17" }, "Date of birth must be a real date written YYYY-MM-DD."],
    [{ ...valid, dob: 19900517 }, "Date of birth must be a real date written YYYY-MM-DD."],
    [{ ...valid, dob: "1899-12-31" }, "Date of birth must be on or after 1900-01-01."],
    [{ ...valid, dob: "2026-03-02" }, "Date of birth must be in the past."],
    [{ ...valid, dob: "2030-01-01" }, "Date of birth must be in the past."],
    [{ ...valid, dob: "2008-03-03" }, "You must be at least 18 years old to add a BVN."],
    [{ ...valid, phone: "" }, "Phone number is required."],
    [{ ...valid, phone: "8050000003" }, "Enter an 11-digit phone number starting with 0, e.g. 08012345678."],
  ])("refuses %j", async (body, message) => {
    const answer = await update(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message });
    expect(stored("bvn")).toEqual({ bvn: null });
  });

  it("reads today in Lagos: at 23:30 UTC on 1 March it is already 2 March there", async () => {
    test.advance(-(9 * 60 + 30) * 60 * 1000);
    expect((await update({ ...valid, dob: "2008-03-02" })).status).toBe(200);
  });

  it("needs a token", async () => {
    expect((await test.call("POST", "/v1/update-bvn/", { body: valid })).status).toBe(401);
  });
});

describe("call 14: POST /v1/update-nin/", () => {
  function update(body: unknown) {
    return test.call("POST", "/v1/update-nin/", { token, body });
  }

  it("stores the NIN on the user", async () => {
    const answer = await update({ nin: " 12345678901 " });
    expect(answer).toMatchObject({ status: 200, body: { status: 200, message: "NIN updated successfully." } });
    expect(stored("nin")).toEqual({ nin: "12345678901" });
  });

  it.each([
    [{}, "NIN is required."],
    [{ nin: "1234567890" }, "NIN must be exactly 11 digits."],
    [{ nin: "1234567890A" }, "NIN must be exactly 11 digits."],
    [{ nin: 12345678901 }, "NIN must be exactly 11 digits."],
  ])("refuses %j", async (body, message) => {
    const answer = await update(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message });
    expect(stored("nin")).toEqual({ nin: null });
  });

  it("needs a token", async () => {
    expect((await test.call("POST", "/v1/update-nin/", { body: { nin: "12345678901" } })).status).toBe(401);
  });
});
