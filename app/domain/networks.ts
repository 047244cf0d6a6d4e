import { pastedMobile } from "./phone.ts";

// Which mobile network a Nigerian number usually belongs to, from its prefix (the prefixes
// of libphonenumber's carrier file for 234). "Usually": numbers are ported between networks,
// so a person's own choice always wins and the confirmation only says when the two differ
// (decision 028).

export const NETWORKS = ["MTN", "Airtel", "Glo", "9mobile"] as const;
export type Network = (typeof NETWORKS)[number];

/** Local prefixes, four or five digits; the longest that matches wins (07025 before 0702). */
export const NETWORK_PREFIXES: Readonly<Record<string, Network>> = {
  ...prefixes("MTN", [
    "0703",
    "0704",
    "0706",
    "0707",
    "07025",
    "07026",
    "0803",
    "0806",
    "0810",
    "0813",
    "0814",
    "0816",
    "0903",
    "0906",
    "0913",
    "0916",
  ]),
  ...prefixes("Airtel", ["0701", "0708", "0802", "0808", "0812", "0901", "0902", "0904", "0907", "0911", "0912"]),
  ...prefixes("Glo", ["0705", "0805", "0807", "0811", "0815", "0905", "0915"]),
  ...prefixes("9mobile", ["0809", "0817", "0818", "0908", "0909"]),
};

function prefixes(network: Network, list: readonly string[]): Record<string, Network> {
  return Object.fromEntries(list.map((prefix) => [prefix, network]));
}

const LONGEST_PREFIX = Math.max(...Object.keys(NETWORK_PREFIXES).map((prefix) => prefix.length));

/**
 * The network a whole mobile number usually belongs to, written locally (08031234567), with
 * 234 or +234, and with the spaces or hyphens of a pasted number; null for a number that is
 * not a whole Nigerian mobile number or whose prefix no network is known to hold. A number
 * still being typed has no network yet: its first digits may belong to a longer prefix.
 */
export function networkOf(phone: string): Network | null {
  const local = pastedMobile(phone);
  if (local === null) return null;
  for (let length = LONGEST_PREFIX; length > 0; length -= 1) {
    const network = NETWORK_PREFIXES[local.slice(0, length)];
    if (network !== undefined) return network;
  }
  return null;
}

/** Other names a network's provider may carry upstream: 9mobile traded as Etisalat until 2017. */
const ALIASES: Readonly<Record<string, Network>> = { etisalat: "9mobile" };

/**
 * The network a provider's title names, whatever its case and whatever follows the name:
 * "MTN", "GLO", "MTN SME" and "Glo Corporate Gifting" are networks; "DSTV" is not.
 */
export function networkOfTitle(title: string): Network | null {
  const first = (
    title
      .trim()
      .toLowerCase()
      .split(/[^a-z0-9]+/)[0] ?? ""
  ).trim();
  return NETWORKS.find((network) => network.toLowerCase() === first) ?? ALIASES[first] ?? null;
}

/** The provider that sells `network`: the one titled just the network's name if there is one, else the first that names it. */
export function providerOfNetwork<Provider extends { title: string }>(
  providers: readonly Provider[],
  network: Network,
): Provider | null {
  const named = providers.filter((provider) => networkOfTitle(provider.title) === network);
  return named.find((provider) => /^[a-z0-9]+$/i.test(provider.title.trim())) ?? named[0] ?? null;
}

/** "an MTN number", "a Glo number": the article as the name is said aloud. */
export function withArticle(network: Network): string {
  return `${network === "MTN" || network === "Airtel" ? "an" : "a"} ${network}`;
}
