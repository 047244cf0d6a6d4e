import { describe, expect, it } from "vitest";
import { m } from "../i18n/paraglide/messages.js";
import { referralCodeIn, referralFromQuery, referralLink, referralShareHref } from "./referral.ts";

describe("referralLink", () => {
  it.each([
    ["https://pay.example.com", "K7P2QXMA", "https://pay.example.com/register?ref=K7P2QXMA"],
    ["https://pay.example.com/", "K7P2QXMA", "https://pay.example.com/register?ref=K7P2QXMA"],
    ["http://localhost:3000", "23456789", "http://localhost:3000/register?ref=23456789"],
  ])("at %s for %j is %j", (origin, code, expected) => {
    expect(referralLink(origin, code)).toBe(expected);
  });

  it("comes back as the code through the registration's ?ref=", () => {
    const link = referralLink("https://pay.example.com", "K7P2QXMA");
    expect(referralCodeIn(referralFromQuery(new URL(link).searchParams))).toBe("K7P2QXMA");
  });
});

describe("referralCodeIn", () => {
  it.each([
    ["K7P2QXMA", "K7P2QXMA"],
    [" k7p2qxma ", "K7P2QXMA"],
    ["K7P2QXM", null],
    ["K7P2QXMAB", null],
    // Letters left out of codes, so none is misread: 0 O 1 I L.
    ["K7P2QXM0", null],
    ["K7P2QXMO", null],
    ["K7P2QXM1", null],
    ["K7P2QXMI", null],
    ["K7P2QXML", null],
    ["ada@example.com", null],
    ["", null],
  ])("%j is %j", (text, expected) => {
    expect(referralCodeIn(text)).toBe(expected);
  });
});

describe("referralFromQuery", () => {
  it.each([
    ["?ref=bola", "bola"],
    ["?ref=%20bola%20", "bola"],
    ["", ""],
    ["?ref=", ""],
    [`?ref=${"x".repeat(150)}`, "x".repeat(100)],
  ])("%j fills in %j", (search, expected) => {
    expect(referralFromQuery(new URLSearchParams(search))).toBe(expected);
  });
});

describe("referralShareHref", () => {
  it("puts the invitation and the link in a wa.me message", () => {
    expect(referralShareHref("Payvend", "https://pay.example.com/register?ref=bola", m.profile_friend_message)).toBe(
      "https://wa.me/?text=Join%20me%20on%20Payvend%3A%20https%3A%2F%2Fpay.example.com%2Fregister%3Fref%3Dbola",
    );
  });
});

describe("the invitation in Hausa", () => {
  it("is in the language the person reads the page in", () => {
    const hausa = (names: { productName: string; link: string }) => m.profile_friend_message(names, { locale: "ha" });
    expect(referralShareHref("Payvend", "https://p.example/r", hausa)).toBe(
      "https://wa.me/?text=Shiga%20tare%20da%20ni%20a%20Payvend%3A%20https%3A%2F%2Fp.example%2Fr",
    );
  });
});
