import { describe, expect, it } from "vitest";
import { agoText, repeatNotice } from "../purchases/words.ts";
import { lastSamePurchaseAge, type PastPurchase } from "./repeat-purchase.ts";

const NOW = Date.parse("2026-03-10T12:00:00.000Z");

function ago(ms: number): string {
  return new Date(NOW - ms).toISOString();
}

function row(overrides: Partial<PastPurchase>): PastPurchase {
  return {
    plan: "MTN Airtime",
    description: "MTN airtime of ₦500.00 to 08011111111",
    description2: "",
    phoneNumber: "08011111111",
    smartNo: "",
    meterNo: "",
    subtotal: 500_00,
    status: 1,
    createdAt: ago(14_000),
    ...overrides,
  };
}

const AIRTIME = { product: "airtime", number: "08011111111", faceKobo: 500_00 } as const;
const METER = {
  plan: "IKEDC - Ikeja Electric",
  description: "IKEDC prepaid token for meter 1111111111111: 1234-5678-9012-3456-7890",
  phoneNumber: "08011111111",
  meterNo: "1111111111111",
  subtotal: 10_000_00,
};

describe("agoText", () => {
  it.each([
    [0, "1 second ago"],
    [999, "1 second ago"],
    [1_000, "1 second ago"],
    [2_000, "2 seconds ago"],
    [14_400, "14 seconds ago"],
    [59_999, "59 seconds ago"],
    [60_000, "1 minute ago"],
    [119_999, "1 minute ago"],
    [120_000, "2 minutes ago"],
    [599_000, "9 minutes ago"],
    [600_000, "10 minutes ago"],
  ])("%d ms is %j", (ms, expected) => {
    expect(agoText(ms)).toBe(expected);
  });

  it("words the confirmation's notice", () => {
    expect(repeatNotice(14_000)).toBe("You bought this 14 seconds ago. Confirm only if you mean to buy it again.");
  });
});

describe("lastSamePurchaseAge", () => {
  it.each<[string, PastPurchase[], number | null]>([
    ["the same airtime 14 s ago", [row({})], 14_000],
    ["the newest of two", [row({ createdAt: ago(300_000) }), row({ createdAt: ago(20_000) })], 20_000],
    ["pending took the money too", [row({ status: 0 })], 14_000],
    ["exactly ten minutes ago", [row({ createdAt: ago(600_000) })], 600_000],
    ["a clock ahead of ours is just now", [row({ createdAt: ago(-3_000) })], 0],
    ["over ten minutes ago", [row({ createdAt: ago(600_001) })], null],
    ["another amount", [row({ subtotal: 400_00 })], null],
    ["another number", [row({ phoneNumber: "08022222222" })], null],
    ["another product (data)", [row({ plan: "MTN 1GB - 30 days", description: "MTN 1GB data to 08011111111" })], null],
    ["failed", [row({ status: 2 })], null],
    ["ignored", [row({ status: 3 })], null],
    ["reversed", [row({ status: 4 })], null],
    ["an unreadable date", [row({ createdAt: "yesterday" })], null],
    ["no history", [], null],
  ])("%s", (_, rows, expected) => {
    expect(lastSamePurchaseAge(rows, AIRTIME, NOW)).toBe(expected);
  });

  it("matches electricity by meter and cable by smart card, not by the phone", () => {
    const meter = row(METER);
    expect(
      lastSamePurchaseAge([meter], { product: "electricity", number: "1111111111111", faceKobo: 10_000_00 }, NOW),
    ).toBe(14_000);
    expect(
      lastSamePurchaseAge([meter], { product: "electricity", number: "08011111111", faceKobo: 10_000_00 }, NOW),
    ).toBeNull();
    const card = row({
      plan: "DStv Compact",
      description: "DStv Compact renewed for smart card 1212121212",
      smartNo: "1212121212",
      subtotal: 12_500_00,
    });
    expect(lastSamePurchaseAge([card], { product: "cable", number: " 1212121212 ", faceKobo: 12_500_00 }, NOW)).toBe(
      14_000,
    );
  });

  it("never matches bulk SMS, whose number is a list", () => {
    const sms = row({ plan: "Bulk SMS", description: "Bulk SMS from Payvend to 08011111111" });
    expect(lastSamePurchaseAge([sms], { product: "sms", number: "08011111111", faceKobo: 500_00 }, NOW)).toBeNull();
  });
});
