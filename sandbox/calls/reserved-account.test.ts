import { describe, expect, it } from "vitest";
import { kycNeededMessage, onlySterlingAndWemaMessage } from "./reserved-account.ts";
import { giveNin, profileOf } from "../testing/accounts.ts";
import { expectBooksBalance, ledgerSumKobo } from "../testing/books.ts";
import { freshBuyerEachTest, newBuyer } from "../testing/wallet.ts";
import type { Answer, TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

freshBuyerEachTest(0, (fresh) => ({ test, buyer } = fresh));

function generate(provider: string, token = buyer.token): Promise<Answer> {
  return test.call("GET", `/v1/generate-reserved-account/${provider}`, { token });
}

async function accountOf(
  provider: string,
  token = buyer.token,
): Promise<{ accountName: string; accountNumber: string; bankName: string }> {
  const answer = await generate(provider, token);
  expect(answer.status).toBe(200);
  return (answer.body as { data: { accountName: string; accountNumber: string; bankName: string } }).data;
}

describe("call 44: GET /v1/generate-reserved-account/{provider}", () => {
  it("needs a BVN or NIN on the profile first", async () => {
    expect(await generate("wema")).toMatchObject({ status: 400, body: { status: 400, message: kycNeededMessage } });
    expect(kycNeededMessage).toBe("Please add your BVN or NIN on your profile before creating a reserved account.");
    expect(test.sandbox.reservedAccounts()).toEqual([]);
  });

  it("opens a Wema account after a BVN is added through call 13", async () => {
    const bvn = await test.call("POST", "/v1/update-bvn/", {
      token: buyer.token,
      body: { bvn: "22222222222", name: "Ifeoma Nnamdi", dob: "1990-05-17", phone: "08123456789" },
    });
    expect(bvn.status).toBe(200);
    const answer = await generate("wema");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 200,
      message: "Account created successfully.",
      data: {
        accountName: "PAYVEND-IFEOMA NNAMDI",
        accountNumber: expect.stringMatching(/^\d{10}$/),
        bankName: "Wema Bank",
      },
    });
  });

  it("opens one account per bank, lists it in the profile, and gives the same one again", async () => {
    giveNin(test, buyer.userId);
    const sterling = await accountOf("sterling");
    const wema = await accountOf("wema");
    expect(sterling.bankName).toBe("Sterling Bank");
    expect(sterling.accountNumber).not.toBe(wema.accountNumber);
    expect(await accountOf("sterling")).toEqual(sterling);
    expect(await accountOf("Wema")).toEqual(wema);
    const profile = profileOf((await test.call("GET", "/v1/user/profile/", { token: buyer.token })).body);
    expect(profile["sterling_account"]).toEqual([
      { accountName: sterling.accountName, accountNumber: sterling.accountNumber },
    ]);
    expect(profile["wema_account"]).toEqual([{ accountName: wema.accountName, accountNumber: wema.accountNumber }]);
    expect(test.sandbox.reservedAccounts()).toEqual([
      { email: buyer.email, provider: "sterling", ...sterling },
      { email: buyer.email, provider: "wema", ...wema },
    ]);
  });

  it("gives each user numbers of their own", async () => {
    const other = await newBuyer(test, 0, "other@example.com");
    giveNin(test, buyer.userId);
    giveNin(test, other.userId, "10987654321");
    const numbers = new Set([
      (await accountOf("wema")).accountNumber,
      (await accountOf("sterling")).accountNumber,
      (await accountOf("wema", other.token)).accountNumber,
      (await accountOf("sterling", other.token)).accountNumber,
    ]);
    expect(numbers.size).toBe(4);
  });

  it.each(["gtbank", "moniepoint", "rehoboth", "vpay", "access"])(
    "refuses %s: only Sterling and Wema are offered",
    async (provider) => {
      giveNin(test, buyer.userId);
      expect(await generate(provider)).toMatchObject({
        status: 400,
        body: { status: 400, message: onlySterlingAndWemaMessage },
      });
      expect(onlySterlingAndWemaMessage).toBe("Only Sterling and Wema accounts are offered.");
    },
  );

  it("has no trailing slash, as docs/upstream-api.md writes it", async () => {
    giveNin(test, buyer.userId);
    expect((await generate("wema/")).status).toBe(404);
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/generate-reserved-account/wema")).status).toBe(401);
  });
});

describe("simulateTransfer (tester operation)", () => {
  it("credits the owner less 0.85 %, with one ledger row and a funding row naming the account", async () => {
    giveNin(test, buyer.userId);
    const wema = await accountOf("wema");
    expect(test.sandbox.simulateTransfer({ accountNumber: wema.accountNumber, amountKobo: 1_000_00 })).toEqual({
      ok: true,
      creditedKobo: 991_50,
      chargeKobo: 8_50,
    });
    const row = test.db
      .prepare(
        "SELECT plan, description, subtotal_kobo, amount_kobo, status, transaction_ref FROM transactions WHERE user_id = ? AND product = 'funding'",
      )
      .get(buyer.userId);
    expect({ ...row }).toMatchObject({
      plan: "Bank transfer",
      description: `Bank transfer to Wema Bank ${wema.accountNumber} (charge ₦8.50)`,
      subtotal_kobo: 1_000_00,
      amount_kobo: 991_50,
      status: 1,
    });
    expect(
      test.db
        .prepare("SELECT amount_kobo FROM ledger_entries WHERE reference = ?")
        .all(String(row?.["transaction_ref"]))
        .map((entry) => entry["amount_kobo"]),
    ).toEqual([991_50]);
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(991_50);
    await expectBooksBalance(test, buyer);
  });

  it.each([
    [100_00, 99_15, 85],
    [10_000_00, 9_915_00, 85_00],
    [1_000_59, 992_08, 8_51],
  ])(
    "turns a transfer of %i kobo into a credit of %i and a charge of %i",
    async (amountKobo, creditedKobo, chargeKobo) => {
      giveNin(test, buyer.userId);
      const sterling = await accountOf("sterling");
      expect(test.sandbox.simulateTransfer({ accountNumber: sterling.accountNumber, amountKobo })).toEqual({
        ok: true,
        creditedKobo,
        chargeKobo,
      });
      await expectBooksBalance(test, buyer);
    },
  );

  it("credits two transfers of the same amount twice, as two deposits", async () => {
    giveNin(test, buyer.userId);
    const { accountNumber } = await accountOf("wema");
    test.sandbox.simulateTransfer({ accountNumber, amountKobo: 500_00 });
    test.sandbox.simulateTransfer({ accountNumber, amountKobo: 500_00 });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(2 * (500_00 - 4_25));
    await expectBooksBalance(test, buyer);
  });

  it("refuses too little, too much, a fraction of a kobo and an unknown account, crediting nothing", async () => {
    giveNin(test, buyer.userId);
    const { accountNumber } = await accountOf("wema");
    expect(test.sandbox.simulateTransfer({ accountNumber, amountKobo: 99_99 })).toEqual({
      ok: false,
      reason: "The amount must be at least ₦100.00.",
    });
    expect(test.sandbox.simulateTransfer({ accountNumber, amountKobo: 10_000_000_01 })).toEqual({
      ok: false,
      reason: "The amount must be at most ₦10,000,000.00.",
    });
    expect(test.sandbox.simulateTransfer({ accountNumber, amountKobo: 100.5 })).toEqual({
      ok: false,
      reason: "The amount must be a whole number of kobo.",
    });
    expect(test.sandbox.simulateTransfer({ accountNumber: "0000000000", amountKobo: 1_000_00 })).toEqual({
      ok: false,
      reason: "No reserved account has that number.",
    });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(0);
    await expectBooksBalance(test, buyer);
  });
});
