import { describe, expect, test } from "vitest";
import { recheckWords } from "../history/words.ts";
import { m } from "../i18n/paraglide/messages.js";
import { recheckMessage as recheckIn, type RecheckWords } from "./recheck.ts";

// Decision 033, Re-check status: "Still pending with the provider. Check again in a few
// minutes." or "Confirmed: <description>"; Failed, Ignored and Reversed say the upstream's
// response.

const DESCRIPTION = "MTN airtime of ₦200.00 sent to 08022222222. You were charged ₦196.00.";
const RESPONSE = "The biller could not complete this purchase for 08022222222. Your wallet has been refunded.";

const WORDS = recheckWords();
const STILL_PENDING = WORDS.stillPending;
const RECHECK_NOT_FOUND = m.hist_recheck_not_found();

/** In English, as the request's language is when none is set. */
const recheckMessage = (row: Parameters<typeof recheckIn>[0], words: RecheckWords = WORDS) => recheckIn(row, words);

describe("recheckMessage", () => {
  test("the words, as decision 033 has them", () => {
    expect(STILL_PENDING).toBe("Still pending with the provider. Check again in a few minutes.");
    expect(RECHECK_NOT_FOUND).toBe("We could not find that transaction.");
  });

  test("a pending purchase is still pending, whatever its words", () => {
    expect(
      recheckMessage({ status: 0, description: DESCRIPTION, response: "Awaiting confirmation from the provider" }),
    ).toEqual({ message: STILL_PENDING, pending: true });
  });

  test.each([5, -1, 1.5, Number.NaN])(
    "an unknown status %s is told as still pending, not as a wrong word",
    (status) => {
      expect(recheckMessage({ status, description: DESCRIPTION, response: RESPONSE })).toEqual({
        message: STILL_PENDING,
        pending: true,
      });
    },
  );

  test("a confirmed purchase says Confirmed and its description, not the biller's response", () => {
    expect(recheckMessage({ status: 1, description: DESCRIPTION, response: "TRANSACTION SUCCESSFUL" })).toEqual({
      message: `Confirmed: ${DESCRIPTION}`,
      pending: false,
    });
  });

  test.each([
    [2, "Failed"],
    [3, "Ignored"],
    [4, "Reversed"],
  ])("status %i says %s and the upstream's response", (status, label) => {
    expect(recheckMessage({ status, description: DESCRIPTION, response: RESPONSE })).toEqual({
      message: `${label}: ${RESPONSE}`,
      pending: false,
    });
  });

  test.each([
    [2, "Failed"],
    [4, "Reversed"],
  ])("status %i with no response says %s and the description", (status, label) => {
    expect(recheckMessage({ status, description: DESCRIPTION, response: "" })).toEqual({
      message: `${label}: ${DESCRIPTION}`,
      pending: false,
    });
  });

  test("a response of only spaces counts as none: the description is said instead", () => {
    expect(recheckMessage({ status: 2, description: DESCRIPTION, response: "   " })).toEqual({
      message: `Failed: ${DESCRIPTION}`,
      pending: false,
    });
  });

  test("the words are trimmed", () => {
    expect(recheckMessage({ status: 1, description: `  ${DESCRIPTION}\n`, response: "" }).message).toBe(
      `Confirmed: ${DESCRIPTION}`,
    );
    expect(recheckMessage({ status: 3, description: "", response: ` ${RESPONSE} ` }).message).toBe(
      `Ignored: ${RESPONSE}`,
    );
  });

  test.each([
    [1, "Confirmed."],
    [2, "Failed."],
    [3, "Ignored."],
    [4, "Reversed."],
  ])("status %i with no words at all says %s", (status, message) => {
    expect(recheckMessage({ status, description: " ", response: "" })).toEqual({ message, pending: false });
  });
});

describe("recheckMessage in Hausa", () => {
  test("says the status in Hausa and the upstream's words as sent", () => {
    const hausa: RecheckWords = {
      stillPending: m.hist_recheck_still_pending({}, { locale: "ha" }),
      statusLabel: (status) => (status === 4 ? m.hist_status_reversed({}, { locale: "ha" }) : String(status)),
    };
    expect(recheckMessage({ status: 4, description: DESCRIPTION, response: RESPONSE }, hausa).message).toBe(
      `An mayar da kuɗi: ${RESPONSE}`,
    );
    expect(recheckMessage({ status: 0, description: DESCRIPTION, response: "" }, hausa).message).toBe(
      "Har yanzu ana jira a wurin kamfanin. Ka sake dubawa bayan 'yan mintuna.",
    );
  });
});
