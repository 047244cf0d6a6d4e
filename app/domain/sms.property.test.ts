import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localMobile } from "./phone.ts";
import { countSms, parseRecipients, SMS_PAGE_LENGTH, smsTotalKobo } from "./sms.ts";

// Random numbers, and a few fixed ones so that a list often holds one line twice.
const mobile = fc.oneof(
  fc.stringMatching(/^0[789][01]\d{8}$/),
  fc.constantFrom("08011111111", "07012345678", "09122223333"),
);
// A number as people write it: either form, spaces around it.
const written = fc
  .tuple(mobile, fc.boolean(), fc.stringMatching(/^ {0,2}$/))
  .map(([number, international, padding]) => `${padding}${international ? `234${number.slice(1)}` : number}${padding}`);
const separator = fc.constantFrom(",", "\n", "\r\n", ", ", ",,", "\n\n");
// Anything, and near misses: "+234…", wrong lengths, the 07x to 09x ranges that are not mobile.
const junk = fc.oneof(
  fc.string({ unit: "binary", maxLength: 16 }),
  fc.stringMatching(/^\+?\d{8,14}$/),
  fc.stringMatching(/^(0|234)[789][2-9]\d{8}$/),
);

/** A list typed by a person: entries joined by random separators. */
const list = fc
  .array(fc.tuple(fc.oneof(written, written, junk), separator), { maxLength: 15 })
  .map((pairs) => pairs.map(([entry, sep]) => `${entry}${sep}`).join(""));

describe("parseRecipients", () => {
  it("is idempotent: the accepted numbers, parsed again, are the same numbers and nothing is refused", () => {
    fc.assert(
      fc.property(list, separator, (text, sep) => {
        const { valid } = parseRecipients(text);
        expect(parseRecipients(valid.join(sep))).toEqual({ valid, invalid: [] });
      }),
    );
  });

  it("accepts only Nigerian mobile numbers, each line once however it is written", () => {
    fc.assert(
      fc.property(list, (text) => {
        const lines = parseRecipients(text).valid.map(localMobile);
        expect(lines).not.toContain(null);
        expect(new Set(lines).size).toBe(lines.length);
      }),
    );
  });

  it("accepts every mobile number in a list, in either form, and refuses nothing else in it", () => {
    fc.assert(
      fc.property(fc.array(written, { minLength: 1, maxLength: 20 }), separator, (numbers, sep) => {
        const parsed = parseRecipients(numbers.join(sep));
        expect(parsed.invalid).toEqual([]);
        expect(parsed.valid.length).toBe(new Set(numbers.map((number) => localMobile(number.trim()))).size);
      }),
    );
  });

  it("names every entry it refuses, as typed (trimmed), so the user can find it", () => {
    fc.assert(
      fc.property(list, (text) => {
        const entries = text.split(/[,\r\n]+/).map((entry) => entry.trim());
        for (const refused of parseRecipients(text).invalid) expect(entries).toContain(refused);
      }),
    );
  });
});

describe("the SMS total", () => {
  it("is recipients × pages × rate, never negative, and grows with each", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.string({ maxLength: 479 }),
        fc.integer({ min: 0, max: 250 }),
        (recipients, message, rate) => {
          const { pages } = countSms(message);
          const total = smsTotalKobo(recipients, pages, rate);
          expect(total).toBe(recipients * pages * rate);
          expect(total).toBeGreaterThanOrEqual(0);
          expect(smsTotalKobo(recipients + 1, pages, rate)).toBeGreaterThanOrEqual(total);
          expect(pages).toBe(Math.max(1, Math.ceil(message.replace(/\r\n?/g, "\n").length / SMS_PAGE_LENGTH)));
        },
      ),
    );
  });
});
