import { afterEach, describe, expect, it } from "vitest";
import { baseLocale, type Locale, overwriteGetLocale } from "../i18n/paraglide/runtime.js";
import { customerCopyLines, customerCopyText } from "../history/customer-copy.ts";
import { pinLockedMessage, wrongPinMessage } from "../pin/messages.ts";
import { smartCardAdvice, smartCardHint } from "./smart-cards.ts";
import { transactionRecord } from "../domain/transaction-record.test-support.ts";
import { smsCounterText } from "./sms-counter.ts";
import { meterTypeName, repeatNotice } from "./words.ts";

// The purchase screens' words that are built from parts (a count, a time, a noun) read as
// whole sentences in Pidgin and Hausa too, in the language of the request that asks for them.

function speaking(locale: Locale) {
  overwriteGetLocale(() => locale);
}

afterEach(() => overwriteGetLocale(() => baseLocale));

describe("purchase words in the request's language", () => {
  it("keep English as it was", () => {
    expect(repeatNotice(14_000)).toBe("You bought this 14 seconds ago. Confirm only if you mean to buy it again.");
    expect(wrongPinMessage(1)).toBe("Wrong PIN. 1 try left.");
    expect(meterTypeName("prepaid")).toBe("Prepaid");
  });

  it("speak Hausa", () => {
    speaking("ha");
    expect(repeatNotice(14_000)).toBe(
      "Ka sayi wannan daƙiƙa 14 da suka wuce. Ka tabbatar kawai idan kana nufin sake saya.",
    );
    expect(repeatNotice(60_000)).toBe(
      "Ka sayi wannan minti 1 da ya wuce. Ka tabbatar kawai idan kana nufin sake saya.",
    );
    expect(wrongPinMessage(4)).toBe("PIN ba daidai ba ne. Saura gwaji 4.");
    expect(pinLockedMessage(Date.parse("2026-11-26T14:42:30Z"))).toBe(
      "An kulle sayayya har zuwa 3:42 na rana saboda PIN 5 da ba daidai ba",
    );
    expect(smartCardHint("GOTV")).toBe("Lambobi 10: lambar IUC da ke kan dikodar GOtv ɗinka ko katinta.");
    expect(smsCounterText("Hello")).toBe("Shafi: 1 (haruffa 5 / 160)");
    expect(meterTypeName("postpaid")).toBe("Bayan amfani (Postpaid)");
    expect(meterTypeName("other")).toBeUndefined();
  });

  it("speak Pidgin", () => {
    speaking("pcm");
    expect(repeatNotice(120_000)).toBe("You buy dis same tin 2 minutes ago. Confirm am only if you wan buy am again.");
    expect(smartCardAdvice("DSTV")).toBe(
      "Check di smart card number for your DStv decoder (10 digits), and make sure say DStv na di provider wey you choose.",
    );
  });

  it("write the customer copy for WhatsApp in the seller's language, upstream words and numbers as they are", () => {
    speaking("ha");
    const row = transactionRecord(42, {
      meterNo: "45012345678",
      description: "IKEDC prepaid token: 1234-5678-9012-3456-7890",
      subtotal: 500_000,
    });
    const lines = customerCopyLines(row, "21 Fab, 2026");
    expect(lines.find((line) => line.token)).toEqual({
      label: "Token",
      value: "1234 5678 9012 3456 7890",
      token: true,
    });
    const text = customerCopyText("Payvend", lines);
    expect(text.split("\n")[0]).toBe("Rasit na Payvend");
    expect(text).toContain("Abin da aka saya: Wutar lantarki");
    expect(text).toContain("Ƙima: ₦5,000.00");
    expect(text).toContain("Lambar mita: 45012345678");
    expect(text).toContain("Lambar shaida: PV42");
    expect(text).toContain("Kwanan wata: 21 Fab, 2026");
  });
});
