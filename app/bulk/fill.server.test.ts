import { describe, expect, it } from "vitest";
import type { Batch, BatchRow } from "./batches.server.ts";
import { batchAsFill } from "./fill.server.ts";

// Decision 086: "Buy this batch again" fills the bulk form with the batch's bought numbers, each
// on the network it was bought on, with its amount or its provider's plan; it never buys.

function airtime(phone: string, subcategoryId: number, amountKobo: number): BatchRow {
  return {
    row: 1,
    phone,
    network: "MTN",
    item: "airtime",
    chargeKobo: amountKobo,
    soldForKobo: null,
    order: { product: "airtime", subcategoryId, phoneNumber: phone, amountKobo },
    outcome: "delivered",
    message: "",
    transactionId: null,
  };
}

function data(phone: string, subcategoryId: number, variationCode: string): BatchRow {
  const plan = { plan: "1GB", size: "1GB", amountKobo: 300_00, variationAmountKobo: 300_00, serviceId: "mtn-data" };
  return {
    ...airtime(phone, subcategoryId, 300_00),
    order: { product: "data", subcategoryId, phoneNumber: phone, plan: { ...plan, variationCode } },
  };
}

function batch(product: Batch["product"], rows: BatchRow[]): Batch {
  return {
    id: "b1",
    userId: 7,
    key: "5f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f",
    product,
    createdAt: 0,
    touchedAt: 0,
    formDigest: "d",
    finishedAt: 1,
    stopped: null,
    rows,
    leftOut: [{ row: 3, text: "0803111", network: "", reason: { kind: "not-nigerian", text: "0803111" } }],
  };
}

describe("batchAsFill", () => {
  it("airtime of one amount: the numbers typed, the amount once, each number's network", () => {
    const fill = batchAsFill(batch("airtime", [airtime("08031234567", 1, 500_00), airtime("08051234567", 3, 500_00)]));
    expect(fill.fields).toEqual({
      product: "airtime",
      numbers: "08031234567\n08051234567",
      amount: "500",
      csv: "",
      csvName: "",
    });
    expect(fill.networks).toEqual({ "08031234567": "1", "08051234567": "3" });
  });

  it("airtime of several amounts: a file of numbers and amounts, kobo kept", () => {
    const fill = batchAsFill(batch("airtime", [airtime("08031234567", 1, 500_00), airtime("08051234567", 3, 150_50)]));
    expect(fill.fields).toMatchObject({
      numbers: "",
      csv: "number,amount\n08031234567,500\n08051234567,150.50",
      csvName: "batch.csv",
    });
  });

  it("data of one plan a network: the numbers, and each network's plan as the review chooses it", () => {
    const fill = batchAsFill(batch("data", [data("08031234567", 11, "mtn-1gb"), data("08051234567", 13, "glo-1gb")]));
    expect(fill.fields).toMatchObject({ product: "data", numbers: "08031234567\n08051234567", csv: "" });
    expect(fill.plans).toEqual({ "11": "mtn-1gb", "13": "glo-1gb" });
  });

  it("data of two plans on one network: a file of numbers and plan codes", () => {
    const fill = batchAsFill(batch("data", [data("08031234567", 11, "mtn-1gb"), data("08061234567", 11, "mtn-2gb")]));
    expect(fill.fields).toMatchObject({
      numbers: "",
      csv: "number,plan\n08031234567,mtn-1gb\n08061234567,mtn-2gb",
    });
    expect(fill.plans).toEqual({});
  });
});
