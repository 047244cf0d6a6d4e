import { describe, expect, test } from "vitest";
import {
  buyAgainHref,
  historyProductOf,
  type HistoryRow,
  planNamed,
  productOf,
  providerNamed,
  repeatOf,
} from "./buy-again.ts";

const blank: HistoryRow = {
  plan: "",
  description: "",
  description2: "",
  phoneNumber: "",
  smartNo: "",
  meterNo: "",
  subtotal: 0,
};

function row(fields: Partial<HistoryRow>): HistoryRow {
  return { ...blank, ...fields };
}

// Rows as the sandbox writes them (sandbox/seed/history-products.ts, sandbox/calls/*.ts) and
// as real upstreams word them.
describe("repeatOf", () => {
  test.each([
    {
      name: "sandbox airtime",
      row: row({
        plan: "MTN Airtime",
        description: "₦500 MTN airtime to 08031234567",
        phoneNumber: "08031234567",
        subtotal: 500_00,
      }),
      expected: { product: "airtime", query: { network: "MTN", phone: "08031234567", amount: "500" } },
    },
    {
      name: "airtime with kobo, told from the description alone",
      row: row({
        description: "₦1,500.50 9mobile airtime to 08091234567",
        phoneNumber: "08091234567",
        subtotal: 1500_50,
      }),
      expected: { product: "airtime", query: { network: "9mobile", phone: "08091234567", amount: "1500.50" } },
    },
    {
      name: "sandbox data on MTN SME",
      row: row({
        plan: "1GB - 30 days",
        description: "MTN SME 1GB - 30 days data bundle to 08031234567",
        phoneNumber: "08031234567",
        subtotal: 970_00,
      }),
      expected: {
        product: "data",
        query: { network: "MTN SME", planName: "1GB - 30 days", phone: "08031234567" },
      },
    },
    {
      name: "upstream data plan named with its network",
      row: row({ plan: "MTN 1GB - 30 Days", description: "Data purchase", phoneNumber: "08031234567" }),
      expected: { product: "data", query: { network: "MTN", planName: "MTN 1GB - 30 Days", phone: "08031234567" } },
    },
    {
      name: "sandbox cable renewal",
      row: row({
        plan: "DStv Compact",
        description: "DStv Compact renewed for smart card 1212121212",
        description2: "Customer: ADEBAYO OLUWASEUN",
        phoneNumber: "08031234567",
        smartNo: "1212121212",
        subtotal: 19000_00,
      }),
      expected: {
        product: "cable",
        query: { network: "DStv", planName: "DStv Compact", smartNo: "1212121212", phone: "08031234567" },
      },
    },
    {
      name: "upstream cable renewal with an empty plan",
      row: row({ description: "DStv Compact renewal 1212121212", smartNo: "1212121212" }),
      expected: { product: "cable", query: { network: "DStv", smartNo: "1212121212" } },
    },
    {
      name: "StarTimes top-up names no plan",
      row: row({ plan: "STARTIMES top-up", description: "₦500 STARTIMES top-up", smartNo: "02134567890" }),
      expected: { product: "cable", query: { network: "STARTIMES", smartNo: "02134567890" } },
    },
    {
      name: "sandbox electricity with a token keeps the token out",
      row: row({
        plan: "Prepaid",
        description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
        description2: "12.3 kWh for NGOZI EZE, 4 Allen Avenue, Ikeja",
        phoneNumber: "08031234567",
        meterNo: "04123456789",
        subtotal: 2000_00,
      }),
      expected: {
        product: "electricity",
        query: { network: "IKEDC", meterNo: "04123456789", meterType: "prepaid", phone: "08031234567", amount: "2000" },
      },
    },
    {
      name: "upstream electricity named by its disco's full title",
      row: row({
        plan: "IKEDC - Ikeja Electric",
        description: "Postpaid bill payment",
        meterNo: "1234567890",
        subtotal: 5000_00,
      }),
      expected: {
        product: "electricity",
        query: { network: "IKEDC", meterNo: "1234567890", meterType: "postpaid", amount: "5000" },
      },
    },
    {
      name: "sandbox WAEC pin",
      row: row({
        plan: "WAEC Result Checker PIN",
        description: "WAEC Result Checker PIN purchased, see Exam Card for the serial and PIN",
        phoneNumber: "08031234567",
      }),
      expected: {
        product: "exam",
        query: { network: "WAEC", planName: "WAEC Result Checker PIN", phone: "08031234567" },
      },
    },
    {
      name: "sandbox JAMB pin with its profile ID",
      row: row({
        plan: "JAMB UTME PIN (with mock)",
        description: "JAMB UTME PIN (with mock) purchase",
        description2: "Profile ID 0123456789, CHIOMA NWOSU",
        phoneNumber: "08031234567",
      }),
      expected: {
        product: "exam",
        query: {
          network: "JAMB",
          planName: "JAMB UTME PIN (with mock)",
          profileId: "0123456789",
          phone: "08031234567",
        },
      },
    },
    {
      name: "sandbox bulk SMS to many",
      row: row({ plan: "Bulk SMS", description: "Bulk SMS from ESTATEMEET to 12 numbers: Reminder: the meeting" }),
      expected: { product: "sms", query: { sender: "ESTATEMEET" } },
    },
    {
      name: "bulk SMS to one",
      row: row({
        plan: "Bulk SMS",
        description: "Bulk SMS from FRESHFARMS to 1 number: Hello",
        phoneNumber: "08031234567",
      }),
      expected: { product: "sms", query: { sender: "FRESHFARMS", phones: "08031234567" } },
    },
  ])("$name", ({ row: input, expected }) => {
    expect(repeatOf(input)).toEqual(expected);
  });

  test.each([
    { name: "card funding", row: row({ description: "Wallet funding of ₦5,000.00 by card", subtotal: 5000_00 }) },
    { name: "bank transfer", row: row({ description: "Bank transfer to Wema Bank 0123456789 (charge ₦50.00)" }) },
    { name: "reads as two products", row: row({ plan: "MTN Airtime", description: "2GB data", phoneNumber: "0803" }) },
    { name: "airtime with no phone", row: row({ plan: "MTN Airtime", description: "₦500 MTN airtime" }) },
    { name: "nothing at all", row: blank },
  ])("no link: $name", ({ row: input }) => {
    expect(productOf(input)).toBeNull();
    expect(repeatOf(input)).toBeNull();
    expect(buyAgainHref(input)).toBeNull();
  });
});

// The transactions page's product filter: every row the history has, phone or not.
describe("historyProductOf", () => {
  test.each([
    {
      name: "sandbox airtime",
      row: row({ plan: "MTN Airtime", description: "₦500.00 MTN airtime to 0803" }),
      expected: "airtime",
    },
    {
      name: "airtime with no phone",
      row: row({ plan: "MTN Airtime", description: "₦500 MTN airtime" }),
      expected: "airtime",
    },
    {
      name: "sandbox data",
      row: row({ plan: "1GB - 30 days", description: "MTN SME 1GB - 30 days data bundle" }),
      expected: "data",
    },
    { name: "a smart card", row: row({ plan: "DStv Compact", smartNo: "7023456789" }), expected: "cable" },
    { name: "a meter", row: row({ plan: "Prepaid", meterNo: "04123456789" }), expected: "electricity" },
    { name: "an exam board", row: row({ plan: "WAEC Result Checker PIN" }), expected: "exam" },
    {
      name: "bulk SMS",
      row: row({ plan: "Bulk SMS", description: "Bulk SMS from FRESHFARMS to 1 number" }),
      expected: "sms",
    },
    {
      name: "sandbox transfer funding",
      row: row({
        plan: "Bank transfer",
        description: "Wallet funding of ₦20,000.00 by transfer to your Wema Bank reserved account",
      }),
      expected: "funding",
    },
    {
      name: "sandbox card funding",
      row: row({ plan: "Card", description: "Card funding ₦2,000.00 (charge ₦30.00)" }),
      expected: "funding",
    },
    {
      name: "sandbox manual payment",
      row: row({ plan: "Manual payment", description: "Manual payment of ₦5,000.00 by USSD, approved" }),
      expected: "funding",
    },
    {
      name: "a bank transfer",
      row: row({ description: "Bank transfer to Wema Bank 0123456789 (charge ₦50.00)" }),
      expected: "funding",
    },
    {
      name: "airtime paid by card is still airtime",
      row: row({ plan: "MTN Airtime", description: "₦500.00 MTN airtime to 08031234567, paid by card" }),
      expected: "airtime",
    },
    { name: "reads as two products", row: row({ plan: "MTN Airtime", description: "2GB data" }), expected: null },
    { name: "nothing at all", row: blank, expected: null },
  ])("$name", ({ row: input, expected }) => {
    expect(historyProductOf(input)).toBe(expected);
  });
});

describe("buyAgainHref", () => {
  test("is the product page with the details in its query", () => {
    const href = buyAgainHref(
      row({ plan: "MTN Airtime", description: "₦500 MTN airtime", phoneNumber: "08031234567", subtotal: 500_00 }),
    );
    expect(href).toBe("/dashboard/purchase-airtime?network=MTN&phone=08031234567&amount=500");
  });

  test("never carries a token, an exam card or a customer", () => {
    const href = buyAgainHref(
      row({
        plan: "Prepaid",
        description: "IKEDC prepaid token: 1234-5678",
        description2: "12.3 kWh for NGOZI EZE",
        meterNo: "04123456789",
        subtotal: 1000_00,
      }),
    );
    expect(href).toBe("/dashboard/pay-for-electricity?network=IKEDC&meterNo=04123456789&meterType=prepaid&amount=1000");
  });
});

describe("providerNamed", () => {
  const providers = [
    { id: 5, title: "MTN" },
    { id: 6, title: "MTN SME" },
    { id: 9, title: "DSTV" },
    { id: 12, title: "IKEDC - Ikeja Electric" },
    { id: 40, title: "Twin" },
    { id: 41, title: "Twin" },
  ];
  test.each([
    { name: "MTN", expected: 5 },
    { name: "mtn sme", expected: 6 },
    { name: "DStv", expected: 9 },
    { name: "IKEDC", expected: 12 },
    { name: "IKEDC - Ikeja Electric", expected: 12 },
    { name: "Glo", expected: null },
    { name: "Twin", expected: null },
    { name: "", expected: null },
  ])("$name", ({ name, expected }) => {
    expect(providerNamed(name, providers)?.id ?? null).toBe(expected);
  });
});

describe("planNamed", () => {
  const plans = [
    { code: "mtn-1gb-30", name: "1GB - 30 days" },
    { code: "mtn-1gb-1", name: "1GB - 1 day" },
    { code: "dstv-compact", name: "DStv Compact" },
    { code: "utme-mock", name: "UTME PIN (with mock)" },
  ];
  test.each([
    { name: "1GB - 30 days", title: "MTN", expected: "mtn-1gb-30" },
    { name: "MTN 1GB - 30 Days", title: "MTN", expected: "mtn-1gb-30" },
    { name: "DStv  Compact", title: "DSTV", expected: "dstv-compact" },
    { name: "JAMB UTME PIN (with mock)", title: "JAMB", expected: "utme-mock" },
    { name: "2GB - 30 days", title: "MTN", expected: null },
    { name: "", title: "MTN", expected: null },
  ])("$name", ({ name, title, expected }) => {
    expect(planNamed(name, title, plans)?.code ?? null).toBe(expected);
  });
});
