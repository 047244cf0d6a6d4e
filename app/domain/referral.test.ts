import { describe, expect, it } from "vitest";
import { m } from "../i18n/paraglide/messages.js";
import { referralFromQuery, referralLink, referralShareHref } from "./referral.ts";

describe("referralLink", () => {
  it.each([
    ["https://pay.example.com", "bola", "https://pay.example.com/register?ref=bola"],
    ["https://pay.example.com/", "bola", "https://pay.example.com/register?ref=bola"],
    ["http://localhost:3000", " bola_1 ", "http://localhost:3000/register?ref=bola_1"],
    // A username the upstream allows with characters an address must escape.
    ["https://pay.example.com", "ada+obi&co", "https://pay.example.com/register?ref=ada%2Bobi%26co"],
    ["https://pay.example.com", "ada obi", "https://pay.example.com/register?ref=ada+obi"],
    ["https://pay.example.com", "", null],
    ["https://pay.example.com", "   ", null],
  ])("at %s for %j is %j", (origin, username, expected) => {
    expect(referralLink(origin, username)).toBe(expected);
  });

  it("comes back as the username through the registration's ?ref=", () => {
    for (const username of ["bola", "ada+obi&co", "ada obi", "Ọlá"]) {
      const link = referralLink("https://pay.example.com", username) ?? "";
      expect(referralFromQuery(new URL(link).searchParams)).toBe(username);
    }
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
    expect(referralShareHref("Payvend", "https://pay.example.com/register?ref=bola", m.acct_friend_message)).toBe(
      "https://wa.me/?text=Join%20me%20on%20Payvend%3A%20https%3A%2F%2Fpay.example.com%2Fregister%3Fref%3Dbola",
    );
  });
});

describe("the invitation in Hausa", () => {
  it("is in the language the person reads the page in", () => {
    const hausa = (names: { productName: string; link: string }) => m.acct_friend_message(names, { locale: "ha" });
    expect(referralShareHref("Payvend", "https://p.example/r", hausa)).toBe(
      "https://wa.me/?text=Shiga%20tare%20da%20ni%20a%20Payvend%3A%20https%3A%2F%2Fp.example%2Fr",
    );
  });
});
