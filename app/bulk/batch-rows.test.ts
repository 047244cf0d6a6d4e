import { describe, expect, it } from "vitest";
import type { PriceRules } from "../domain/selling-prices.ts";
import { batchRowsOf } from "./batch-rows.ts";
import type { Review, ReviewRow } from "./review.server.ts";

// A confirmed review becomes the rows a batch buys, each with what the shop sells it for by its
// price rule (decision 085): airtime per ₦100 of the row's value, data the markup on its plan's.

const PHONE = "08031234567";

function airtimeRow(row: number, faceKobo: number): ReviewRow {
  return {
    row,
    text: PHONE,
    phone: PHONE,
    providerId: 1,
    network: "MTN",
    item: "₦500.00 airtime",
    faceKobo,
    discountPercent: 2,
    chargeKobo: faceKobo - faceKobo / 50,
    problem: null,
    note: null,
    order: { product: "airtime", subcategoryId: 1, phoneNumber: PHONE, amountKobo: faceKobo },
  };
}

function dataRow(row: number, planKobo: number): ReviewRow {
  return {
    ...airtimeRow(row, planKobo),
    item: "MTN SME 1GB - 30 days",
    order: {
      product: "data",
      subcategoryId: 1,
      phoneNumber: PHONE,
      plan: {
        plan: "MTN SME 1GB - 30 days",
        size: "1GB",
        amountKobo: planKobo,
        variationAmountKobo: planKobo,
        serviceId: "mtn-data",
        variationCode: "mtn-1gb",
      },
    },
  };
}

function review(product: Review["product"], rows: ReviewRow[]): Review {
  return { product, rows, providers: [], planChoices: [], totalKobo: 0, buyable: rows.length };
}

const rules: PriceRules = { airtime: 104_00, data: 50_00, cable: 100_00 };

describe("a bulk row's Sold for", () => {
  it.each([
    ["airtime at ₦104 per ₦100: ₦500 sells for ₦520", review("airtime", [airtimeRow(1, 500_00)]), rules, 520_00],
    ["airtime rounds half a kobo up: ₦1.01 is ₦1.05", review("airtime", [airtimeRow(1, 1_01)]), rules, 1_05],
    ["data adds the markup to the plan's value", review("data", [dataRow(1, 300_00)]), rules, 350_00],
    [
      "airtime without a rule: none, even with a data markup",
      review("airtime", [airtimeRow(1, 500_00)]),
      { data: 50_00 },
      null,
    ],
    ["data without a rule: none", review("data", [dataRow(1, 300_00)]), { airtime: 104_00 }, null],
    ["a markup of ₦0 sells at the plan's value", review("data", [dataRow(1, 300_00)]), { data: 0 }, 300_00],
  ])("%s", (_, given, shopRules, soldFor) => {
    expect(batchRowsOf(given, shopRules).rows.map((row) => row.soldForKobo)).toEqual([soldFor]);
  });

  it("each row by its own value, none bought yet", () => {
    const { rows } = batchRowsOf(review("airtime", [airtimeRow(1, 100_00), airtimeRow(2, 250_00)]), rules);
    expect(rows.map((row) => [row.row, row.chargeKobo, row.soldForKobo, row.outcome, row.transactionId])).toEqual([
      [1, 98_00, 104_00, "not-started", null],
      [2, 245_00, 260_00, "not-started", null],
    ]);
  });

  it("a row the review left out is not bought and has no price, only its reason", () => {
    const leftOut: ReviewRow = {
      ...airtimeRow(2, 0),
      phone: null,
      text: "0803",
      order: null,
      problem: { kind: "no-network" },
    };
    const answer = batchRowsOf(review("airtime", [airtimeRow(1, 500_00), leftOut]), rules);
    expect(answer.rows.map((row) => row.row)).toEqual([1]);
    expect(answer.leftOut).toEqual([{ row: 2, text: "0803", network: "MTN", reason: { kind: "no-network" } }]);
  });
});
