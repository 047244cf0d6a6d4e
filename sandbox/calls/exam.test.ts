import { describe, expect, it } from "vitest";
import { invalidProfileMessage } from "./exam.ts";
import { demoAccounts } from "../seed/demo-accounts.ts";
import { phoneMessage } from "../http/input.ts";
import { logIn } from "../testing/accounts.ts";
import { expectBooksBalance, ledgerSumKobo, purchaseRowCount } from "../testing/books.ts";
import { freshBuyerEachTest, newBuyer } from "../testing/wallet.ts";
import type { TestSandbox } from "../testing/sandbox.ts";
import type { Buyer } from "../testing/wallet.ts";

let test: TestSandbox;
let buyer: Buyer;

freshBuyerEachTest(50_000_00, (fresh) => ({ test, buyer } = fresh));

const waec = {
  subcategory_id: 30,
  phone: "08011111111",
  billersCode: "",
  variation_code: "waec-result-checker",
  service_id: "WAEC",
  amount: 3900,
};

const jamb = {
  subcategory_id: 33,
  phone: "08011111111",
  billersCode: "0123456789",
  variation_code: "utme-mock",
  service_id: "JAMB",
  amount: 8700,
};

const examCardPattern = /^Serial: (WRN|NRC|NBT|JMB)\d{9}, PIN: \d{12}$/;

function buy(body: unknown, token = buyer.token): ReturnType<TestSandbox["call"]> {
  return test.call("POST", "/v1/purchase-exam-pins/", { token, body });
}

function verify(path: string): ReturnType<TestSandbox["call"]> {
  return test.call("GET", `/v1/validate-exam/${path}/`, { token: buyer.token });
}

describe("call 32: GET /v1/get-exam-packages/", () => {
  it("lists the exam boards as {id, title, image, amount, key} with the caller's discount", async () => {
    const answer = await test.call("GET", "/v1/get-exam-packages/", { token: buyer.token });
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual([
      { id: 30, title: "WAEC", image: "/media/providers/waec.svg", amount: 1, key: "waec" },
      { id: 31, title: "NECO", image: "/media/providers/neco.svg", amount: 1, key: "neco" },
      { id: 32, title: "NABTEB", image: "/media/providers/nabteb.svg", amount: 1, key: "nabteb" },
      { id: 33, title: "JAMB", image: "/media/providers/jamb.svg", amount: 1, key: "jamb" },
    ]);
    const reseller = await logIn(test, "reseller@payvend.test", "Demo-pass-2026");
    expect((await test.call("GET", "/v1/get-exam-packages/", { token: reseller })).body).toContainEqual(
      expect.objectContaining({ id: 33, amount: 2 }),
    );
  });
});

describe("call 33: GET /v1/get-exam-type/{title}/", () => {
  it.each([
    [
      "WAEC",
      [
        { name: "WAEC Result Checker PIN", variation_code: "waec-result-checker", variation_amount: 3900 },
        { name: "WAEC Registration PIN", variation_code: "waec-registration", variation_amount: 30000 },
      ],
    ],
    ["neco", [{ name: "NECO Result Token", variation_code: "neco-result-token", variation_amount: 1300 }]],
    [
      "NABTEB",
      [{ name: "NABTEB Result Checker PIN", variation_code: "nabteb-result-checker", variation_amount: 1000 }],
    ],
    [
      "JAMB",
      [
        { name: "UTME PIN (with mock)", variation_code: "utme-mock", variation_amount: 8700 },
        { name: "UTME PIN (no mock)", variation_code: "utme-no-mock", variation_amount: 7200 },
        { name: "Direct Entry PIN", variation_code: "de", variation_amount: 6200 },
      ],
    ],
  ])("lists %s's PIN types in naira", async (title, variants) => {
    expect(await test.call("GET", `/v1/get-exam-type/${title}/`, { token: buyer.token })).toMatchObject({
      status: 200,
      body: { data: variants },
    });
  });

  it.each(["GCE", "DSTV", "MTN"])("answers 404 for %s, which is no exam board", async (title) => {
    expect(await test.call("GET", `/v1/get-exam-type/${title}/`, { token: buyer.token })).toMatchObject({
      status: 404,
      body: { status: 404, message: "Exam type not found." },
    });
  });
});

describe("call 34: GET /v1/validate-exam/{subcategory_id}/{title}/{profile_id}/{variation_code}/", () => {
  it.each(["utme-mock", "utme-no-mock", "de"])(
    "verifies profile 0123456789 for %s, with no outer data",
    async (code) => {
      expect(await verify(`33/JAMB/0123456789/${code}`)).toEqual(
        expect.objectContaining({ status: 200, body: { content: { Customer_Name: "Ifeanyi Obi" } } }),
      );
    },
  );

  it.each([
    ["an unknown profile", "33/JAMB/9999999999/utme-mock", invalidProfileMessage],
    ["a profile of letters", "33/jamb/abc/utme-mock", invalidProfileMessage],
    [
      "an unknown PIN type",
      "33/JAMB/0123456789/waec-result-checker",
      'JAMB has no PIN type "waec-result-checker". Select one from the list.',
    ],
    [
      "another board's title",
      "33/WAEC/0123456789/utme-mock",
      'The provider title "WAEC" does not match JAMB. Select the provider again.',
    ],
    ["a board without profiles", "30/WAEC/0123456789/waec-result-checker", "WAEC PINs need no profile verification."],
    [
      "a cable provider",
      "9/DSTV/0123456789/utme-mock",
      "That is not one of our exam providers. Select a provider from the list.",
    ],
  ])("answers %s with HTTP 200 and content.error", async (_, path, error) => {
    expect(await verify(path)).toEqual(expect.objectContaining({ status: 200, body: { content: { error } } }));
  });

  it("words an unknown profile for a candidate", () => {
    expect(invalidProfileMessage).toBe("Invalid Profile ID. Please check the ID and try again.");
  });
});

describe("call 35: POST /v1/purchase-exam-pins/", () => {
  it("sells a WAEC PIN, its serial and PIN in exam_card", async () => {
    const answer = await buy(waec);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        status: 200,
        message:
          "Your WAEC Result Checker PIN is ready: the serial and PIN are under Exam Card in your transaction history. " +
          "You were charged ₦3,861.00.",
        data: {
          plan: "WAEC Result Checker PIN",
          phone_number: "08011111111",
          description: "WAEC Result Checker PIN purchased, see Exam Card for the serial and PIN",
          description2: "",
          exam_card: expect.stringMatching(/^Serial: WRN\d{9}, PIN: \d{12}$/),
          token: "",
          subtotal: 3900,
          amount: 3861,
          status: 1,
        },
      },
    });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(50_000_00 - 3_861_00);
    await expectBooksBalance(test, buyer);
  });

  it("sells a JAMB PIN for a verified profile, naming the candidate", async () => {
    const answer = await buy(jamb);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        data: {
          plan: "JAMB UTME PIN (with mock)",
          description: "JAMB UTME PIN (with mock) purchased, see Exam Card for the serial and PIN",
          description2: "Profile ID 0123456789, Ifeanyi Obi",
          exam_card: expect.stringMatching(/^Serial: JMB\d{9}, PIN: \d{12}$/),
          subtotal: 8700,
          amount: 8613,
        },
      },
    });
  });

  it("draws a new serial and PIN for every purchase, and ignores billersCode for other boards", async () => {
    const cards = new Set<string>();
    for (const body of [
      waec,
      { ...waec, billersCode: "anything" },
      { ...waec, subcategory_id: "31", service_id: "neco", variation_code: "neco-result-token", amount: 1300 },
    ]) {
      const answer = await buy(body);
      expect(answer.status).toBe(200);
      cards.add(String((answer.body as { data: { exam_card: string } }).data.exam_card));
    }
    expect([...cards].every((card) => examCardPattern.test(card))).toBe(true);
    expect(cards.size).toBe(3);
  });

  it("charges each level its own discount", async () => {
    const charged: number[] = [];
    for (const account of demoAccounts) {
      const token = await logIn(test, account.email, account.password);
      const answer = await buy(waec, token);
      expect(answer.status, account.email).toBe(200);
      charged.push(Number((answer.body as { data: { amount: number } }).data.amount));
    }
    // Exams: 1 %, 1.5 %, 2 % and 2.5 % for Normal, Agent, Reseller and API.
    expect(charged).toEqual([3861, 3841.5, 3822, 3802.5]);
  });

  const problems: readonly (readonly [string, Record<string, unknown>, string])[] = [
    ["no provider", { subcategory_id: null }, "Select a provider from the list."],
    [
      "a cable provider",
      { subcategory_id: 9 },
      "That is not one of our exam providers. Select a provider from the list.",
    ],
    ["no service ID", { service_id: "" }, "The provider title does not match WAEC. Select the provider again."],
    [
      "another board's title",
      { service_id: "NECO" },
      'The provider title "NECO" does not match WAEC. Select the provider again.',
    ],
    ["no PIN type", { variation_code: "" }, "Select a PIN type from the list."],
    [
      "another board's PIN type",
      { variation_code: "utme-mock" },
      'WAEC has no PIN type "utme-mock". Select one from the list.',
    ],
    ["no phone", { phone: "" }, "Phone number is required."],
    ["a short phone", { phone: "0803333333" }, phoneMessage],
    ["no amount", { amount: undefined }, "Amount is required."],
    [
      "the discounted price",
      { amount: 3861 },
      "The price of this plan has changed: it is now ₦3,900.00. Please choose it again.",
    ],
  ];

  it.each(problems)("refuses %s with a 400 and moves no money", async (_, change, message) => {
    expect(await buy({ ...waec, ...change })).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(ledgerSumKobo(test.db, buyer.userId)).toBe(50_000_00);
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(0);
    await expectBooksBalance(test, buyer);
  });

  it.each([
    ["no profile ID", { billersCode: "" }, "Profile ID is required."],
    [
      "an unverified profile ID",
      { billersCode: "9999999999" },
      'Profile ID "9999999999" could not be verified with JAMB. Please check the ID and verify it again.',
    ],
    [
      "another variant's price",
      { variation_code: "de" },
      "The price of this plan has changed: it is now ₦6,200.00. Please choose it again.",
    ],
  ])("refuses a JAMB PIN with %s with a 400 and moves no money", async (_, change, message) => {
    expect(await buy({ ...jamb, ...change })).toMatchObject({ status: 400, body: { status: 400, message } });
    expect(purchaseRowCount(test.db, buyer.userId)).toBe(0);
    await expectBooksBalance(test, buyer);
  });

  it("refuses a PIN the wallet cannot pay for", async () => {
    const poor = await newBuyer(test, 1_000_00, "poor@example.com");
    expect(await buy(waec, poor.token)).toMatchObject({
      status: 400,
      body: {
        message:
          "Insufficient wallet balance: you have ₦1,000.00 and this purchase costs ₦3,861.00. Please fund your wallet.",
      },
    });
    await expectBooksBalance(test, poor);
  });
});
