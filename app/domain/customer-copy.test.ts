import { describe, expect, it } from "vitest";
import { customerCopyLines, customerCopyText } from "../history/customer-copy.ts";
import { whatsAppShareHref } from "./customer-copy.ts";
import type { TransactionRecord } from "./transactions.ts";

const DATE = "10th Mar, 2026, 1:00:00 pm";

function row(overrides: Partial<TransactionRecord>): TransactionRecord {
  return {
    id: 7,
    reference: "PV123",
    plan: "",
    phoneNumber: "",
    smartNo: "",
    meterNo: "",
    description: "",
    description2: "",
    response: "",
    subtotal: 10_000_00,
    amount: 9_800_00,
    examCard: "",
    token: "",
    initialBalanceKobo: 20_000_00,
    newBalanceKobo: 10_200_00,
    status: 1,
    createdAt: "2026-03-10T12:00:00.000Z",
    ...overrides,
  };
}

const ELECTRICITY = row({
  plan: "Prepaid",
  phoneNumber: "08011111111",
  meterNo: "1111111111111",
  description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
  description2: "61.3 kWh for ADEBAYO OKONKWO",
});

describe("customerCopyLines", () => {
  it.each<[string, TransactionRecord, [string, string][]]>([
    [
      "electricity: the meter and its token, grouped in fours",
      ELECTRICITY,
      [
        ["Product", "Electricity"],
        ["Plan", "Prepaid"],
        ["Value", "₦10,000.00"],
        ["Phone", "08011111111"],
        ["Meter No", "1111111111111"],
        ["Token", "1234 5678 9012 3456 7890"],
        ["Ref", "PV123"],
        ["Date", DATE],
        ["Status", "Confirmed"],
      ],
    ],
    [
      "airtime: the phone, no token",
      row({
        plan: "MTN Airtime",
        phoneNumber: "08011111111",
        description: "₦500.00 MTN airtime to 08011111111",
        subtotal: 500_00,
        amount: 485_00,
        status: 0,
      }),
      [
        ["Product", "Airtime"],
        ["Plan", "MTN Airtime"],
        ["Value", "₦500.00"],
        ["Phone", "08011111111"],
        ["Ref", "PV123"],
        ["Date", DATE],
        ["Status", "Pending"],
      ],
    ],
    [
      "cable: the smart card",
      row({
        plan: "DStv Compact",
        smartNo: "1212121212",
        description: "DStv Compact renewed for smart card 1212121212",
      }),
      [
        ["Product", "Cable TV"],
        ["Plan", "DStv Compact"],
        ["Value", "₦10,000.00"],
        ["Card No", "1212121212"],
        ["Ref", "PV123"],
        ["Date", DATE],
        ["Status", "Confirmed"],
      ],
    ],
    [
      "a pending meter: no token yet",
      row({ meterNo: "2222222222222", description: "IKEDC prepaid payment of ₦10,000.00 for meter 2222222222222" }),
      [
        ["Product", "Electricity"],
        ["Value", "₦10,000.00"],
        ["Meter No", "2222222222222"],
        ["Ref", "PV123"],
        ["Date", DATE],
        ["Status", "Confirmed"],
      ],
    ],
  ])("%s", (_, transaction, expected) => {
    expect(customerCopyLines(transaction, DATE).map(({ label, value }) => [label, value])).toEqual(expected);
  });

  it("never shows the charge, a balance, the description or the response", () => {
    const copy = customerCopyText(
      "Payvend",
      customerCopyLines(
        { ...ELECTRICITY, response: "Charged ₦9,800.00", description2: "Balance ₦10,200.00", amount: 9_876_54 },
        DATE,
      ),
    );
    for (const secret of ["₦9,876.54", "₦20,000.00", "₦10,200.00", "Charged", "Balance", "kWh"]) {
      expect(copy).not.toContain(secret);
    }
  });
});

describe("customerCopyText and whatsAppShareHref", () => {
  it("writes one line per entry under the title, and puts it in a wa.me link", () => {
    const text = customerCopyText("Payvend", [
      { label: "Value", value: "₦500.00" },
      { label: "Ref", value: "PV1&2" },
    ]);
    expect(text).toBe("Payvend receipt\nValue: ₦500.00\nRef: PV1&2");
    expect(whatsAppShareHref(text)).toBe(
      "https://wa.me/?text=Payvend%20receipt%0AValue%3A%20%E2%82%A6500.00%0ARef%3A%20PV1%262",
    );
  });
});
