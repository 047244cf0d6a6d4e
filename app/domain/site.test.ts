import { describe, expect, it } from "vitest";
import { pageTitle, parseContact, socialLinks, whatsappLink } from "./site.ts";

describe("pageTitle ('{product} - {page title}', fallback '{product} - Home')", () => {
  it.each<[string | null | undefined, string]>([
    ["Pricing", "NairaPay - Pricing"],
    ["About Us", "NairaPay - About Us"],
    ["  Contact Us  ", "NairaPay - Contact Us"],
    ["", "NairaPay - Home"],
    ["   ", "NairaPay - Home"],
    [null, "NairaPay - Home"],
    [undefined, "NairaPay - Home"],
  ])("title %j gives %j", (title, expected) => {
    expect(pageTitle("NairaPay", title)).toBe(expected);
  });

  it("falls back to Home when no title is passed", () => {
    expect(pageTitle("NairaPay")).toBe("NairaPay - Home");
  });
});

describe("parseContact (split by a bar into address, phone and email)", () => {
  it.each([
    [
      "12 Allen Avenue, Ikeja, Lagos|08012345678|help@example.ng",
      { address: "12 Allen Avenue, Ikeja, Lagos", phone: "08012345678", email: "help@example.ng" },
    ],
    [
      "  12 Allen Avenue  |  08012345678 | help@example.ng  ",
      { address: "12 Allen Avenue", phone: "08012345678", email: "help@example.ng" },
    ],
    ["12 Allen Avenue|08012345678", { address: "12 Allen Avenue", phone: "08012345678", email: "" }],
    ["12 Allen Avenue", { address: "12 Allen Avenue", phone: "", email: "" }],
    ["|08012345678|", { address: "", phone: "08012345678", email: "" }],
    ["", { address: "", phone: "", email: "" }],
    ["a|b|c|d", { address: "a", phone: "b", email: "c" }],
  ])("reads %j", (contact, expected) => {
    expect(parseContact(contact)).toEqual(expected);
  });

  it("never throws on a value that is not text", () => {
    const broken: unknown = null;
    expect(parseContact(broken as string)).toEqual({ address: "", phone: "", email: "" });
  });
});

describe("socialLinks (bar-split handles for facebook, instagram, twitter)", () => {
  it("builds all three links in order", () => {
    expect(socialLinks("nairapay|nairapay.ng|naira_pay")).toEqual([
      { network: "facebook", label: "Facebook", url: "https://facebook.com/nairapay" },
      { network: "instagram", label: "Instagram", url: "https://instagram.com/nairapay.ng" },
      { network: "twitter", label: "X (Twitter)", url: "https://x.com/naira_pay" },
    ]);
  });

  it.each<[string, string[]]>([
    [
      " @nairapay | @nairapay |@NairaPay2 ",
      ["https://facebook.com/nairapay", "https://instagram.com/nairapay", "https://x.com/NairaPay2"],
    ],
    ["|nairapay|", ["https://instagram.com/nairapay"]],
    ["nairapay||", ["https://facebook.com/nairapay"]],
    ["||nairapay", ["https://x.com/nairapay"]],
    ["nairapay", ["https://facebook.com/nairapay"]],
    ["", []],
    ["||", []],
    ["@|@|@", []],
    ["@@nairapay|ok|ok", ["https://instagram.com/ok", "https://x.com/ok"]],
    ["naira/pay|naira?x=1|naira pay", []],
    ["https://evil.example|javascript:alert(1)|%2e%2e", []],
    ["..|.|_", []],
    ["naïra|naira-pay|naira#top", []],
    ["a.b_c|A1|9", ["https://facebook.com/a.b_c", "https://instagram.com/A1", "https://x.com/9"]],
  ])("%j gives %j", (social, urls) => {
    expect(socialLinks(social).map((link) => link.url)).toEqual(urls);
  });

  it("never throws on a value that is not text", () => {
    const broken: unknown = undefined;
    expect(socialLinks(broken as string)).toEqual([]);
  });
});

describe("whatsappLink", () => {
  it.each<[string, string | null]>([
    ["08012345678", "https://wa.me/2348012345678"],
    ["07012345678", "https://wa.me/2347012345678"],
    ["2348012345678", "https://wa.me/2348012345678"],
    ["+2348012345678", "https://wa.me/2348012345678"],
    ["+234 801 234 5678", "https://wa.me/2348012345678"],
    ["0801-234-5678", "https://wa.me/2348012345678"],
    ["(0801) 234.5678", "https://wa.me/2348012345678"],
    ["  08012345678  ", "https://wa.me/2348012345678"],
    ["", null],
    ["0801234567", null],
    ["080123456789", null],
    ["8012345678", null],
    // 13 digits, but a national number never starts with 0 after the country code.
    ["+2340801234567", null],
    ["23408012345678", null],
    ["+4412345678901", null],
    ["0801234567a", null],
    ["++2348012345678", null],
    ["2348012345678+", null],
    ["call 08012345678", null],
  ])("%j gives %j", (phone, expected) => {
    expect(whatsappLink(phone)).toBe(expected);
  });
});
