import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoAccounts } from "../seed/demo-accounts.ts";
import { localNumber, parseRecipients, smsLength, smsPages, smsRateKobo } from "../purchases/sms.ts";
import { logIn } from "../testing/accounts.ts";
import { expectBooksBalance, ledgerSumKobo } from "../testing/books.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import { newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

describe("bulk SMS rules", () => {
  it.each([
    ["", 1],
    ["a", 1],
    ["a".repeat(160), 1],
    ["a".repeat(161), 2],
    ["a".repeat(320), 2],
    ["a".repeat(321), 3],
    ["a".repeat(479), 3],
    [`${"a".repeat(79)}\r\n${"a".repeat(80)}`, 1],
  ])("counts %j as %i page(s), a CRLF line break as one character", (message, pages) => {
    expect(smsPages(message)).toBe(pages);
  });

  it("counts CR, LF and CRLF alike", () => {
    expect([smsLength("a\r\nb"), smsLength("a\nb"), smsLength("a\rb")]).toEqual([3, 3, 3]);
  });

  it.each([
    ["08011111111", ["08011111111"], []],
    [
      " 08011111111 , 2348022222222\n07033333333\r\n09044444444,,",
      ["08011111111", "2348022222222", "07033333333", "09044444444"],
      [],
    ],
    ["08011111111,08011111111", ["08011111111"], []],
    [
      "08011111111,0801111111,+2348011111111,06011111111,080111111112",
      ["08011111111"],
      ["0801111111", "+2348011111111", "06011111111", "080111111112"],
    ],
    [" , \n ", [], []],
  ])("reads %j as recipients %j and refuses %j", (text, valid, invalid) => {
    expect(parseRecipients(text)).toEqual({ valid, invalid });
  });

  it("takes each level's discount off the ₦2.50 rate, rounding half a kobo up", () => {
    expect([100, 150, 200, 250].map(smsRateKobo)).toEqual([248, 246, 245, 244]);
  });

  it("knows 234 numbers as their local form", () => {
    expect(localNumber("2348033333333")).toBe("08033333333");
    expect(localNumber("08033333333")).toBe("08033333333");
  });
});

let test: TestSandbox;
let buyer: Buyer;

function send(body: Record<string, unknown>, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("POST", "/v1/send-sms/", { token, body: { ...message, ...body } });
}

// 3 numbers × 2 pages × ₦2.48 (Normal) = ₦14.88.
const twoPages = "a".repeat(200);
const message = {
  subcategory_id: 40,
  phone: "08011111111, 08044444444\n2348055555555",
  sender: "PAYVEND",
  message: twoPages,
  amount: 14.88,
};

describe("bulk SMS calls", () => {
  beforeEach(async () => {
    test = startTestSandbox();
    buyer = await newBuyer(test, 1_000_00);
  });

  afterEach(() => {
    test.close();
  });

  describe("call 38: GET /v1/get-sms-packages/", () => {
    it("answers the bulk SMS subcategory and each level's rate per page per recipient", async () => {
      const rates: unknown[] = [];
      for (const account of demoAccounts) {
        const token = await logIn(test, account.email, account.password);
        const answer = await test.call("GET", "/v1/get-sms-packages/", { token });
        expect(answer.status).toBe(200);
        rates.push(answer.body);
      }
      expect(rates).toEqual([
        [{ id: 40, amount: 2.48 }],
        [{ id: 40, amount: 2.46 }],
        [{ id: 40, amount: 2.45 }],
        [{ id: 40, amount: 2.44 }],
      ]);
    });

    it("answers in the validation envelope when no bulk SMS provider is offered", async () => {
      // The demo history refers to id 40, so it is moved out of the category rather than deleted.
      test.db.exec("UPDATE subcategories SET category_id = 4 WHERE id = 40");
      expect(await test.call("GET", "/v1/get-sms-packages/", { token: buyer.token })).toMatchObject({
        status: 400,
        body: {
          type: "validation_error",
          errors: [{ code: "unavailable", detail: "Bulk SMS is not available at the moment.", attr: null }],
        },
      });
    });
  });

  describe("call 39: POST /v1/send-sms/", () => {
    it("charges recipients × pages × rate, no discount on top", async () => {
      const answer = await send({});
      expect(answer).toMatchObject({
        status: 200,
        body: {
          status: 200,
          message: "Your message from PAYVEND was sent to 3 numbers. You were charged ₦14.88.",
          data: {
            plan: "Bulk SMS",
            phone_number: "",
            description: `Bulk SMS from PAYVEND to 3 numbers: ${twoPages}`,
            description2: "3 numbers × 2 pages at ₦2.48",
            subtotal: 15,
            amount: 14.88,
            status: 1,
          },
        },
      });
      expect(ledgerSumKobo(test.db, buyer.userId)).toBe(1_000_00 - 14_88);
      await expectBooksBalance(test, buyer);
    });

    it("uses the caller's level rate, and counts a repeated number once", async () => {
      const reseller = await logIn(test, "reseller@payvend.test", "Demo-pass-2026");
      // 2 numbers × 1 page × ₦2.45.
      const answer = await send(
        { phone: "08011111111\n08011111111\n08044444444", message: "Hello", amount: "4.90" },
        reseller,
      );
      expect(answer).toMatchObject({
        status: 200,
        body: { data: { amount: 4.9, subtotal: 5, description2: "2 numbers × 1 page at ₦2.45" } },
      });
    });

    it("puts a lone recipient in the phone column", async () => {
      const answer = await send({ phone: "08011111111", message: "Hi", amount: 2.48 });
      expect(answer).toMatchObject({ status: 200, body: { data: { phone_number: "08011111111", amount: 2.48 } } });
    });

    const problems: readonly (readonly [string, Record<string, unknown>, string])[] = [
      ["no provider", { subcategory_id: null }, "Select a provider from the list."],
      [
        "an airtime provider",
        { subcategory_id: 1 },
        "That is not one of our bulk SMS providers. Select a provider from the list.",
      ],
      ["no sender", { sender: " " }, "Sender ID is required."],
      ["a 12-character sender", { sender: "PAYVENDSHOPS" }, "Sender ID must be at most 11 characters."],
      ["no numbers", { phone: "" }, "Phone number is required."],
      ["separators only", { phone: ", ,\n" }, "Enter at least one phone number."],
      [
        "a bad number",
        { phone: "08011111111, 0801234" },
        '"0801234" is not a valid phone number. Use 080xxxxxxxx or 23480xxxxxxxx, separated by commas or line breaks.',
      ],
      [
        "a number with +",
        { phone: "+2348011111111" },
        '"+2348011111111" is not a valid phone number. Use 080xxxxxxxx or 23480xxxxxxxx, separated by commas or line breaks.',
      ],
      [
        "numbers as a list",
        { phone: ["08011111111"] },
        "Phone numbers must be text, separated by commas or line breaks.",
      ],
      ["no message", { message: "" }, "Message is required."],
      ["a blank message", { message: "   " }, "Message is required."],
      ["a 480-character message", { message: "a".repeat(480) }, "Message must be at most 479 characters."],
      ["no amount", { amount: undefined }, "Amount is required."],
      [
        "a total at the undiscounted rate",
        { amount: 15 },
        "The total for 3 numbers × 2 pages at ₦2.48 is ₦14.88, not ₦15.00. Please check and send again.",
      ],
      [
        "a total for one page",
        { amount: 7.44 },
        "The total for 3 numbers × 2 pages at ₦2.48 is ₦14.88, not ₦7.44. Please check and send again.",
      ],
    ];

    it.each(problems)("refuses %s with a 400 and moves no money", async (_, change, text) => {
      expect(await send(change)).toMatchObject({ status: 400, body: { status: 400, message: text } });
      expect(ledgerSumKobo(test.db, buyer.userId)).toBe(1_000_00);
      await expectBooksBalance(test, buyer);
    });

    it("refuses more than 1,000 numbers", async () => {
      const phone = Array.from({ length: 1001 }, (_, index) => `080${String(index).padStart(8, "0")}`).join(",");
      expect(await send({ phone, amount: 4964.96 })).toMatchObject({
        status: 400,
        body: { message: "Send to at most 1,000 numbers at a time." },
      });
    });

    it("refuses a message the wallet cannot pay for", async () => {
      const poor = await newBuyer(test, 10_00, "poor@example.com");
      expect(await send({}, poor.token)).toMatchObject({
        status: 400,
        body: {
          message:
            "Insufficient wallet balance: you have ₦10.00 and this purchase costs ₦14.88. Please fund your wallet.",
        },
      });
      await expectBooksBalance(test, poor);
    });
  });
});
