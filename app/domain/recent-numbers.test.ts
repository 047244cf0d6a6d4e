import { describe, expect, test } from "vitest";
import type { HistoryRow } from "./buy-again.ts";
import { recentNumbers } from "./recent-numbers.ts";

const blank: HistoryRow = {
  plan: "",
  description: "",
  description2: "",
  phoneNumber: "",
  smartNo: "",
  meterNo: "",
  subtotal: 0,
};

const airtime = (phone: string): HistoryRow => ({
  ...blank,
  plan: "MTN Airtime",
  description: `₦500 MTN airtime to ${phone}`,
  phoneNumber: phone,
  subtotal: 500_00,
});

// Newest first, as call 36 answers.
const history: HistoryRow[] = [
  airtime("08031111111"),
  {
    ...blank,
    plan: "1GB - 30 days",
    description: "MTN 1GB - 30 days data bundle to 08032222222",
    phoneNumber: "08032222222",
  },
  airtime("08033333333"),
  airtime("08031111111"),
  {
    ...blank,
    plan: "DStv Compact",
    description: "DStv Compact renewed for smart card 1212121212",
    description2: "Customer: ADEBAYO OLUWASEUN",
    phoneNumber: "08031111111",
    smartNo: "1212121212",
  },
  {
    ...blank,
    plan: "Prepaid",
    description: "IKEDC prepaid token: 1234-5678",
    description2: "12.3 kWh for NGOZI EZE, 4 Allen Avenue, Ikeja",
    meterNo: "04123456789",
    phoneNumber: "08031111111",
  },
  {
    ...blank,
    plan: "Postpaid",
    description: "EKEDC postpaid payment of ₦5,000.00 for meter 1234567890",
    description2: "Customer HAUWA ABDULLAHI, 2 Bode Thomas Street, Surulere",
    meterNo: "1234567890",
    phoneNumber: "08031111111",
  },
  { ...blank, description: "Wallet funding of ₦5,000.00 by card" },
  airtime("08034444444"),
  airtime("08035555555"),
  airtime("08036666666"),
  airtime("08037777777"),
];

describe("recentNumbers", () => {
  test("airtime: phones newest first, each once, at most five", () => {
    expect(recentNumbers(history, "airtime").map((recent) => recent.number)).toEqual([
      "08031111111",
      "08033333333",
      "08034444444",
      "08035555555",
      "08036666666",
    ]);
  });

  test("data: only the data rows' phones", () => {
    expect(recentNumbers(history, "data")).toEqual([
      { number: "08032222222", meterType: "", customer: "", network: "MTN" },
    ]);
  });

  test("cable: the smart card with its customer", () => {
    expect(recentNumbers(history, "cable")).toEqual([
      { number: "1212121212", meterType: "", customer: "ADEBAYO OLUWASEUN", network: "DStv" },
    ]);
  });

  test("electricity: meters with their type and customer", () => {
    expect(recentNumbers(history, "electricity")).toEqual([
      { number: "04123456789", meterType: "prepaid", customer: "NGOZI EZE", network: "IKEDC" },
      { number: "1234567890", meterType: "postpaid", customer: "HAUWA ABDULLAHI", network: "EKEDC" },
    ]);
  });

  test.each(["exam", "sms"] as const)("%s: none in this history", (product) => {
    expect(recentNumbers(history, product)).toEqual([]);
  });

  test("a smaller limit", () => {
    expect(recentNumbers(history, "airtime", 2)).toHaveLength(2);
  });

  test("an empty history", () => {
    expect(recentNumbers([], "airtime")).toEqual([]);
  });
});
