import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLocalMobile, localMobile } from "../domain/phone.ts";
import { phoneNumber } from "./account-fields.ts";
import { MAXIMUM_AMOUNT_KOBO, MINIMUM_AIRTIME_KOBO, nairaAmount, purchasePhone } from "./purchase.ts";
import { smsSchema } from "./purchase-sms.ts";

// What a person can put in a form field: anything, or text made of the characters an
// amount or a phone number is written with.
const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.stringMatching(/^[ ₦,.\-+e0-9]{0,24}$/));
const mobile = fc.stringMatching(/^0[789][01]\d{8}$/);
const spaces = fc.stringMatching(/^[ \t]{0,3}$/);

const AMOUNT_MESSAGES = new Set([
  "Amount is required!",
  "Enter the amount in naira, e.g. 500",
  "Amount can not be less than ₦100",
  "Amount can not be more than ₦100,000,000",
]);

describe("an amount field: every string becomes integer kobo in range or is refused", () => {
  const amount = nairaAmount(MINIMUM_AIRTIME_KOBO);

  it("accepts only whole kobo from the minimum to ₦100,000,000, and refuses with a message the user can act on", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = amount.safeParse(text);
        if (result.success) {
          expect(Number.isSafeInteger(result.data)).toBe(true);
          expect(result.data).toBeGreaterThanOrEqual(MINIMUM_AIRTIME_KOBO);
          expect(result.data).toBeLessThanOrEqual(MAXIMUM_AMOUNT_KOBO);
        } else {
          for (const issue of result.error.issues) expect(AMOUNT_MESSAGES).toContain(issue.message);
        }
      }),
    );
  });

  it("accepts every in-range amount typed plainly, grouped, with ₦ and with spaces around", () => {
    fc.assert(
      fc.property(fc.integer({ min: MINIMUM_AIRTIME_KOBO, max: MAXIMUM_AMOUNT_KOBO }), spaces, (kobo, padding) => {
        const naira = `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, "0")}`;
        const grouped = `₦${Math.floor(kobo / 100).toLocaleString("en-NG")}.${String(kobo % 100).padStart(2, "0")}`;
        expect(amount.safeParse(`${padding}${naira}${padding}`).data).toBe(kobo);
        expect(amount.safeParse(grouped).data).toBe(kobo);
      }),
    );
  });

  it("refuses commas that do not group thousands, so '1,500' is ₦1,500 but '150,0' is nothing", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{2}(,\d{1,2}|,\d{4})$/), (text) => !amount.safeParse(text).success),
    );
  });
});

describe("phone fields: only Nigerian mobile numbers, and parsing the result again changes nothing", () => {
  it.each([
    ["a purchase phone", purchasePhone],
    ["an account phone", phoneNumber],
  ] as const)("%s accepts exactly the 070/080/081/090/091 numbers", (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(anyText, mobile, fc.stringMatching(/^\d{11}$/)), (text) => {
        const result = schema.safeParse(text);
        expect(result.success).toBe(isLocalMobile(text.trim()));
        if (result.success) expect(schema.safeParse(result.data).data).toBe(result.data);
      }),
    );
  });

  it.each([
    ["a purchase phone", purchasePhone],
    ["an account phone", phoneNumber],
  ] as const)("%s refuses every other string with exactly one message", (_name, schema) => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = schema.safeParse(text);
        if (!result.success) expect(result.error.issues).toHaveLength(1);
      }),
    );
  });

  it("accepts any mobile number with spaces around it", () => {
    fc.assert(
      fc.property(
        mobile,
        spaces,
        (number, padding) => purchasePhone.safeParse(`${padding}${number}${padding}`).data === number,
      ),
    );
  });
});

describe("the SMS numbers field", () => {
  const phones = smsSchema.shape.phones;

  it("sends only Nigerian mobile numbers, each line once, and reads its own output back unchanged", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            mobile,
            mobile.map((number) => `234${number.slice(1)}`),
            anyText,
          ),
          { maxLength: 12 },
        ),
        (entries) => {
          const result = phones.safeParse(entries.join(","));
          if (!result.success) return;
          const lines = result.data.map(localMobile);
          expect(lines).not.toContain(null);
          expect(new Set(lines).size).toBe(lines.length);
          expect(phones.safeParse(result.data.join("\n")).data).toEqual(result.data);
        },
      ),
    );
  });
});
