import { randomInt } from "node:crypto";
import { nairaText } from "../money/money.ts";

// The words and numbers a cable, electricity or exam purchase is recorded with, shared by
// the live calls and the demo history, so a tester sees the same kinds of rows in both.

// Digits from whichever source the caller trusts: the seeded one for the demo history,
// which must come out the same on every run, or secureDigits for a live purchase.
export type Digits = (count: number) => string;

export function secureDigits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(0, 10))).join("");
}

// GOtv prints "IUC" on its decoders; StarTimes smart cards have 11 digits.
const cards: Readonly<Record<string, { readonly label: string; readonly digits: number }>> = {
  dstv: { label: "smart card", digits: 10 },
  gotv: { label: "IUC", digits: 10 },
  startimes: { label: "smart card", digits: 11 },
};

export function cardLabel(providerKey: string): string {
  return cards[providerKey]?.label ?? "smart card";
}

export function cardDigits(providerKey: string): number {
  return cards[providerKey]?.digits ?? 10;
}

// "DStv Compact renewed for smart card 1212121212" once the provider has it, "renewal"
// while it is pending or after it failed.
export function renewalDescription(bouquet: string, providerKey: string, smartNo: string, delivered: boolean): string {
  return `${bouquet} ${delivered ? "renewed" : "renewal"} for ${cardLabel(providerKey)} ${smartNo}`;
}

// "IKEDC - Ikeja Electric" is IKEDC to its customers.
export function discoName(title: string): string {
  return title.split(" - ")[0] ?? title;
}

// A prepaid token is 20 digits, printed in groups of four as on a vending receipt.
export function prepaidToken(digits: Digits): string {
  return (digits(20).match(/\d{4}/g) ?? []).join("-");
}

// The only electricity wording with a colon: the portal reads the token as what follows
// the first one, and shows it on the receipt.
export function tokenDescription(disco: string, token: string): string {
  return `${disco} prepaid token: ${token}`;
}

export type MeterType = "prepaid" | "postpaid";

export function meterPaymentDescription(
  disco: string,
  meterType: MeterType,
  faceKobo: number,
  meterNo: string,
): string {
  return `${disco} ${meterType} payment of ${nairaText(faceKobo)} for meter ${meterNo}`;
}

// Energy bought at a tariff in naira per kWh, to one decimal as a vending receipt shows it.
export function unitsBought(faceKobo: number, nairaPerKwh: number): string {
  return `${(faceKobo / 100 / nairaPerKwh).toFixed(1)} kWh`;
}

const discoStreets: Readonly<Record<string, readonly string[]>> = {
  ikedc: ["Allen Avenue, Ikeja", "Toyin Street, Ikeja", "Ogba Road, Agege"],
  ekedc: ["Bode Thomas Street, Surulere", "Adeola Odeku Street, Victoria Island"],
  aedc: ["Aminu Kano Crescent, Wuse 2", "Gimbiya Street, Garki"],
  kedco: ["Zoo Road, Kano", "Murtala Mohammed Way, Kano"],
  phed: ["Aba Road, Port Harcourt", "Ikwerre Road, Port Harcourt"],
  ibedc: ["Ring Road, Ibadan", "Bodija Road, Ibadan"],
  kaedco: ["Ahmadu Bello Way, Kaduna"],
  jed: ["Rayfield Road, Jos"],
  eedc: ["Ogui Road, Enugu"],
  bedc: ["Sapele Road, Benin City"],
  yedc: ["Atiku Abubakar Road, Yola"],
};

// Streets in the disco's own area, so an address never puts a Kano meter in Lagos.
export function streetsOf(providerKey: string): readonly string[] {
  return discoStreets[providerKey] ?? ["Broad Street, Lagos"];
}

const serialPrefixes: Readonly<Record<string, string>> = { waec: "WRN", neco: "NRC", nabteb: "NBT", jamb: "JMB" };

// "Serial: WRN123456789, PIN: 123456789012": what the exam page's Exam Card column shows.
export function examCard(providerKey: string, digits: Digits): string {
  return `Serial: ${serialPrefixes[providerKey] ?? "PIN"}${digits(9)}, PIN: ${digits(12)}`;
}

export function examDescription(label: string, delivered: boolean): string {
  return delivered ? `${label} purchased, see Exam Card for the serial and PIN` : `${label} purchase`;
}

export function profileDescription(profileId: string, customerName: string): string {
  return `Profile ID ${profileId}, ${customerName}`;
}
