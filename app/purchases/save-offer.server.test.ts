import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCustomer } from "../customers/customers.server.ts";
import { closeStore, storeStartupProblem } from "../store/database.server.ts";
import type { PurchaseOrder } from "../upstream/orders.ts";
import { saveOfferFor } from "./save-offer.server.ts";

// "Save this number" under a purchase's result: what each product's order offers to save.

const folder = mkdtempSync(join(tmpdir(), "portal-save-offer-"));

beforeAll(async () => {
  expect(await storeStartupProblem(`file:${join(folder, "portal.db")}`)).toBeNull();
});

afterAll(async () => {
  await closeStore();
  rmSync(folder, { recursive: true, force: true });
});

const caller = { requestId: "test", token: "token" };
const product = {
  providers: () => Promise.resolve([{ id: 7, title: "IKEDC - Ikeja Electric", discountPercent: 1 }]),
};
const phone = "08031234567";

describe("what a purchase offers to save", () => {
  it.each<[string, PurchaseOrder, object | null]>([
    [
      "airtime: its phone",
      { product: "airtime", subcategoryId: 1, phoneNumber: phone, amountKobo: 100_00 },
      { kind: "phone", number: phone, provider: "", meterType: "" },
    ],
    [
      "one SMS recipient: the phone",
      { product: "sms", subcategoryId: 1, recipients: [phone], sender: "SHOP", message: "Hi", totalKobo: 400 },
      { kind: "phone", number: phone, provider: "", meterType: "" },
    ],
    [
      "several SMS recipients: nothing",
      {
        product: "sms",
        subcategoryId: 1,
        recipients: [phone, "08051234567"],
        sender: "S",
        message: "Hi",
        totalKobo: 1,
      },
      null,
    ],
    [
      "cable: the smart card and its provider",
      {
        product: "cable",
        subcategoryId: 3,
        providerTitle: "DSTV",
        smartNo: "1212121212",
        phone,
        planCode: "c",
        planName: "Compact",
        amountKobo: 1,
      },
      { kind: "card", number: "1212121212", provider: "DSTV", meterType: "" },
    ],
    [
      "electricity: the meter, its type and its company's title",
      {
        product: "electricity",
        subcategoryId: 7,
        serviceId: "Ikeja-Electric",
        meterNo: "1111111111111",
        meterType: "prepaid",
        phone,
        amountKobo: 1,
      },
      { kind: "meter", number: "1111111111111", provider: "IKEDC - Ikeja Electric", meterType: "prepaid" },
    ],
    [
      "JAMB: the profile ID",
      {
        product: "exam",
        subcategoryId: 9,
        serviceId: "JAMB",
        variationCode: "utme",
        profileId: "0123456789",
        phone,
        amountKobo: 1,
      },
      { kind: "jamb", number: "0123456789", provider: "", meterType: "" },
    ],
    [
      "another exam: the phone",
      { product: "exam", subcategoryId: 8, serviceId: "WAEC", variationCode: "w", profileId: "", phone, amountKobo: 1 },
      { kind: "phone", number: phone, provider: "", meterType: "" },
    ],
  ])("%s", async (_name, order, offer) => {
    expect(await saveOfferFor(caller, 1, order, product)).toEqual(offer);
  });

  it("offers nothing for a number the account has saved already", async () => {
    await saveCustomer(2, { kind: "phone", number: phone, name: "Mama Nkechi", provider: "", meterType: "" });
    const order: PurchaseOrder = { product: "airtime", subcategoryId: 1, phoneNumber: phone, amountKobo: 100_00 };
    expect(await saveOfferFor(caller, 2, order, product)).toBeNull();
  });
});
