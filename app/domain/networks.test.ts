import { describe, expect, it } from "vitest";
import {
  type Network,
  NETWORK_PREFIXES,
  networkOf,
  networkOfTitle,
  providerOfNetwork,
  withArticle,
} from "./networks.ts";

// The prefixes as decision 028 takes them from libphonenumber's carrier file for 234.
const LISTED: Record<Network, string[]> = {
  MTN: "0703 0704 0706 0707 07025 07026 0803 0806 0810 0813 0814 0816 0903 0906 0913 0916".split(" "),
  Airtel: "0701 0708 0802 0808 0812 0901 0902 0904 0907 0911 0912".split(" "),
  Glo: "0705 0805 0807 0811 0815 0905 0915".split(" "),
  "9mobile": "0809 0817 0818 0908 0909".split(" "),
};
const EVERY_PREFIX = Object.entries(LISTED).flatMap(([network, list]) => list.map((prefix) => [prefix, network]));

/** A whole 11-digit number that starts with `prefix`. */
function numberWith(prefix: string): string {
  return prefix.padEnd(11, "1");
}

describe("the network a number usually belongs to", () => {
  it("holds exactly the listed prefixes", () => {
    expect(Object.entries(NETWORK_PREFIXES).sort()).toEqual(EVERY_PREFIX.sort());
  });

  it.each(EVERY_PREFIX)("a number starting %s is %s's, written locally, with 234 and with +234", (prefix, network) => {
    const local = numberWith(prefix);
    expect(networkOf(local)).toBe(network);
    expect(networkOf(`234${local.slice(1)}`)).toBe(network);
    expect(networkOf(`+234${local.slice(1)}`)).toBe(network);
  });

  it.each([
    ["08031234567", "MTN"],
    ["0803 123 4567", "MTN"],
    [" 0803-123-4567 ", "MTN"],
    ["+234 803 123 4567", "MTN"],
    ["234 805 123 4567", "Glo"],
    ["+234-809-123-4567", "9mobile"],
    ["07025123456", "MTN"],
    ["07026123456", "MTN"],
    ["09121234567", "Airtel"],
  ])("%s is %s's", (phone, network) => {
    expect(networkOf(phone)).toBe(network);
  });

  it.each([
    ["07021234567", "0702 alone is no network's: only 07025 and 07026 are listed"],
    ["07027123456", "07027 is not listed"],
    ["08011111111", "0801 is not listed"],
    ["09101234567", "0910 is not listed"],
    ["0803123456", "ten digits: still being typed"],
    ["0803", "a prefix alone: it may be the start of a longer one"],
    ["080312345678", "twelve digits"],
    ["2340803123456", "234 followed by the local 0"],
    ["+08031234567", "a + before the local form"],
    ["4478031234567", "a foreign number"],
    ["0803123456a", "a letter"],
    ["", "nothing"],
  ])("%s has no network (%s)", (phone) => {
    expect(networkOf(phone)).toBeNull();
  });
});

describe("the network a provider's title names", () => {
  it.each([
    ["MTN", "MTN"],
    ["mtn", "MTN"],
    ["GLO", "Glo"],
    ["Glo", "Glo"],
    ["AIRTEL", "Airtel"],
    ["9MOBILE", "9mobile"],
    ["9mobile", "9mobile"],
    ["Etisalat", "9mobile"],
    ["ETISALAT", "9mobile"],
    ["MTN SME", "MTN"],
    ["MTN Corporate Gifting", "MTN"],
    ["Glo Corporate Gifting", "Glo"],
    ["  Airtel  ", "Airtel"],
    ["MTN-Data", "MTN"],
  ])("%s is %s", (title, network) => {
    expect(networkOfTitle(title)).toBe(network);
  });

  it.each([["DSTV"], ["MTNX"], ["Gloworld"], ["Smile"], [""], ["Data MTN"]])("%s is no network", (title) => {
    expect(networkOfTitle(title)).toBeNull();
  });
});

describe("the provider that sells a network", () => {
  const sandboxData = [
    { id: 5, title: "MTN" },
    { id: 6, title: "Airtel" },
    { id: 7, title: "Glo" },
    { id: 8, title: "9mobile" },
    { id: 55, title: "MTN SME" },
    { id: 58, title: "Glo Corporate Gifting" },
  ];

  it.each([
    ["MTN", 5],
    ["Airtel", 6],
    ["Glo", 7],
    ["9mobile", 8],
  ] as const)("%s is sold by the provider titled just %s", (network, id) => {
    expect(providerOfNetwork(sandboxData, network)?.id).toBe(id);
  });

  it("prefers the bare name whatever the order and the case", () => {
    const upstream = [
      { id: 1, title: "MTN SME" },
      { id: 2, title: "MTN" },
      { id: 3, title: "ETISALAT" },
    ];
    expect(providerOfNetwork(upstream, "MTN")?.id).toBe(2);
    expect(providerOfNetwork(upstream, "9mobile")?.id).toBe(3);
  });

  it("takes the first that names the network when none is titled just its name", () => {
    expect(providerOfNetwork([{ title: "DSTV" }, { title: "Glo Corporate Gifting" }], "Glo")?.title).toBe(
      "Glo Corporate Gifting",
    );
  });

  it("finds none when no provider names the network", () => {
    expect(providerOfNetwork([{ title: "MTN" }, { title: "Glo" }], "Airtel")).toBeNull();
    expect(providerOfNetwork([], "MTN")).toBeNull();
  });
});

describe("the network as said in a sentence", () => {
  it.each([
    ["MTN", "an MTN"],
    ["Airtel", "an Airtel"],
    ["Glo", "a Glo"],
    ["9mobile", "a 9mobile"],
  ] as const)("%s: %s number", (network, words) => {
    expect(withArticle(network)).toBe(words);
  });
});
