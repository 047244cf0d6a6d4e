export interface CategorySeed {
  readonly id: number;
  readonly key: string;
  readonly title: string;
}

export interface DataPlanSeed {
  readonly plan: string;
  readonly size: string;
  readonly amountKobo: number;
  readonly variationAmountKobo: number;
  readonly serviceId: string;
  readonly variationCode: string;
}

// A cable TV plan or an exam PIN type (calls 27 and 33), one price
// each, with no face value apart from it.
export interface VariationSeed {
  readonly name: string;
  readonly variationCode: string;
  readonly amountKobo: number;
}

// Basis points for levels Normal, Agent, Reseller and API, in that order.
export type LevelDiscounts = readonly [number, number, number, number];

export interface SubcategorySeed {
  readonly id: number;
  readonly key: string;
  readonly title: string;
  readonly image: string;
  readonly categoryId: number;
  readonly description: string;
  readonly serviceId: string;
  readonly priceList: "plans" | "discount";
  readonly discounts: LevelDiscounts;
  readonly plans: readonly DataPlanSeed[];
  readonly variations: readonly VariationSeed[];
}

export const categorySeeds: readonly CategorySeed[] = [
  { id: 1, key: "data", title: "Data" },
  { id: 2, key: "airtime", title: "Airtime" },
  { id: 3, key: "cable-tv", title: "Cable TV" },
  { id: 4, key: "electricity", title: "Electricity" },
  { id: 6, key: "exam-pins", title: "Exam Pins" },
  { id: 11, key: "bulk-sms", title: "Bulk SMS" },
];

type PlanRow = readonly [size: string, days: number, priceNaira: number, faceNaira: number];

function dataPlans(codePrefix: string, serviceId: string, rows: readonly PlanRow[]): DataPlanSeed[] {
  return rows.map(([size, days, priceNaira, faceNaira]) => ({
    plan: `${size} - ${days} ${days === 1 ? "day" : "days"}`,
    size,
    amountKobo: priceNaira * 100,
    variationAmountKobo: faceNaira * 100,
    serviceId,
    variationCode: `${codePrefix}-${size.toLowerCase().replace(".", "-")}-${days}`,
  }));
}

function provider(
  fields: Omit<SubcategorySeed, "image" | "priceList" | "plans" | "variations"> & {
    readonly logo: string;
    readonly plans?: readonly DataPlanSeed[];
    readonly variations?: readonly VariationSeed[];
    readonly priceList?: "plans" | "discount";
  },
): SubcategorySeed {
  const { logo, plans = [], variations = [], priceList = "discount", ...rest } = fields;
  return { ...rest, image: `/media/providers/${logo}.svg`, plans, variations, priceList };
}

type VariationRow = readonly [variationCode: string, name: string, naira: number];

function variationList(rows: readonly VariationRow[]): VariationSeed[] {
  return rows.map(([variationCode, name, naira]) => ({ name, variationCode, amountKobo: naira * 100 }));
}

// The part of the title after the dash, its first two words joined by a hyphen.
// The portal derives the same string, so the biller can recognise what it sends.
export function electricityServiceId(title: string): string {
  const afterDash = title.slice(title.indexOf("-") + 1).trim();
  return afterDash.split(/\s+/).slice(0, 2).join("-");
}

const airtime = [
  { id: 1, key: "mtn-airtime", title: "MTN", logo: "mtn", serviceId: "mtn", discounts: [200, 250, 300, 350] },
  {
    id: 2,
    key: "airtel-airtime",
    title: "Airtel",
    logo: "airtel",
    serviceId: "airtel",
    discounts: [250, 300, 350, 400],
  },
  { id: 3, key: "glo-airtime", title: "Glo", logo: "glo", serviceId: "glo", discounts: [400, 450, 500, 550] },
  {
    id: 4,
    key: "9mobile-airtime",
    title: "9mobile",
    logo: "9mobile",
    serviceId: "9mobile",
    discounts: [350, 400, 450, 500],
  },
] as const;

const data: readonly SubcategorySeed[] = [
  provider({
    id: 5,
    key: "mtn-data",
    title: "MTN",
    logo: "mtn",
    categoryId: 1,
    serviceId: "mtn-data",
    priceList: "plans",
    description: "MTN data bundles, delivered to any MTN line in seconds.",
    discounts: [100, 150, 200, 250],
    plans: dataPlans("mtn", "mtn-data", [
      ["500MB", 7, 490, 500],
      ["1GB", 1, 490, 500],
      ["1GB", 30, 970, 1000],
      ["2GB", 30, 1450, 1500],
      ["3.5GB", 30, 2450, 2500],
      ["7GB", 30, 3450, 3500],
      ["10GB", 30, 4400, 4500],
      ["20GB", 30, 7300, 7500],
    ]),
  }),
  provider({
    id: 6,
    key: "airtel-data",
    title: "Airtel",
    logo: "airtel",
    categoryId: 1,
    serviceId: "airtel-data",
    priceList: "plans",
    description: "Airtel data bundles for daily, weekly and monthly use.",
    discounts: [100, 150, 200, 250],
    plans: dataPlans("airtel", "airtel-data", [
      ["750MB", 7, 490, 500],
      ["1.5GB", 7, 980, 1000],
      ["2GB", 30, 1450, 1500],
      ["3GB", 30, 1950, 2000],
      ["8GB", 30, 2950, 3000],
      ["10GB", 30, 3900, 4000],
      ["18GB", 30, 5850, 6000],
    ]),
  }),
  provider({
    id: 7,
    key: "glo-data",
    title: "Glo",
    logo: "glo",
    categoryId: 1,
    serviceId: "glo-data",
    priceList: "plans",
    description: "Glo data bundles with generous monthly volumes.",
    discounts: [150, 200, 250, 300],
    plans: dataPlans("glo", "glo-data", [
      ["1.05GB", 14, 485, 500],
      ["2.5GB", 30, 970, 1000],
      ["5.8GB", 30, 1940, 2000],
      ["7.7GB", 30, 2425, 2500],
      ["10GB", 30, 2910, 3000],
      ["18.25GB", 30, 4850, 5000],
    ]),
  }),
  provider({
    id: 8,
    key: "9mobile-data",
    title: "9mobile",
    logo: "9mobile",
    categoryId: 1,
    serviceId: "9mobile-data",
    priceList: "plans",
    description: "9mobile data bundles for phones, tablets and routers.",
    discounts: [150, 200, 250, 300],
    plans: dataPlans("9mobile", "9mobile-data", [
      ["500MB", 30, 485, 500],
      ["1.5GB", 30, 1160, 1200],
      ["2GB", 30, 1450, 1500],
      ["4.5GB", 30, 2425, 2500],
      ["11GB", 30, 3880, 4000],
    ]),
  }),
];

const gifting: readonly SubcategorySeed[] = [
  provider({
    id: 55,
    key: "mtn-sme",
    title: "MTN SME",
    logo: "mtn",
    categoryId: 1,
    serviceId: "mtn-sme",
    description: "Low-cost MTN SME data, valid for 30 days.",
    discounts: [300, 350, 400, 450],
    plans: dataPlans("mtn-sme", "mtn-sme", [
      ["500MB", 30, 300, 320],
      ["1GB", 30, 580, 600],
      ["2GB", 30, 1160, 1200],
      ["3GB", 30, 1740, 1800],
      ["5GB", 30, 2900, 3000],
    ]),
  }),
  provider({
    id: 56,
    key: "mtn-corporate-gifting",
    title: "MTN Corporate Gifting",
    logo: "mtn",
    categoryId: 1,
    serviceId: "mtn-cg",
    description: "MTN corporate gifting data, valid for 30 days.",
    discounts: [250, 300, 350, 400],
    plans: dataPlans("mtn-cg", "mtn-cg", [
      ["500MB", 30, 310, 330],
      ["1GB", 30, 600, 620],
      ["2GB", 30, 1200, 1240],
      ["5GB", 30, 3000, 3100],
      ["10GB", 30, 6000, 6200],
    ]),
  }),
  provider({
    id: 57,
    key: "airtel-corporate-gifting",
    title: "Airtel Corporate Gifting",
    logo: "airtel",
    categoryId: 1,
    serviceId: "airtel-cg",
    description: "Airtel corporate gifting data, valid for 30 days.",
    discounts: [250, 300, 350, 400],
    plans: dataPlans("airtel-cg", "airtel-cg", [
      ["500MB", 30, 320, 340],
      ["1GB", 30, 620, 650],
      ["2GB", 30, 1240, 1300],
      ["5GB", 30, 3100, 3250],
    ]),
  }),
  provider({
    id: 58,
    key: "glo-corporate-gifting",
    title: "Glo Corporate Gifting",
    logo: "glo",
    categoryId: 1,
    serviceId: "glo-cg",
    description: "Glo corporate gifting data, valid for 30 days.",
    discounts: [300, 350, 400, 450],
    plans: dataPlans("glo-cg", "glo-cg", [
      ["500MB", 30, 230, 250],
      ["1GB", 30, 450, 480],
      ["2GB", 30, 900, 960],
      ["5GB", 30, 2250, 2400],
    ]),
  }),
  provider({
    id: 59,
    key: "9mobile-corporate-gifting",
    title: "9mobile Corporate Gifting",
    logo: "9mobile",
    categoryId: 1,
    serviceId: "9mobile-cg",
    description: "9mobile corporate gifting data, valid for 30 days.",
    discounts: [300, 350, 400, 450],
    plans: dataPlans("9mobile-cg", "9mobile-cg", [
      ["500MB", 30, 280, 300],
      ["1GB", 30, 540, 580],
      ["2GB", 30, 1080, 1160],
      ["4.5GB", 30, 2430, 2600],
    ]),
  }),
];

// Monthly prices as the operators list them in 2026.
const cable = [
  {
    id: 9,
    key: "dstv",
    title: "DSTV",
    logo: "dstv",
    serviceId: "dstv",
    description: "Renew or change your DStv bouquet.",
    variations: variationList([
      ["dstv-padi", "DStv Padi", 4400],
      ["dstv-yanga", "DStv Yanga", 6000],
      ["dstv-confam", "DStv Confam", 11000],
      ["dstv-compact", "DStv Compact", 19000],
      ["dstv-compact-plus", "DStv Compact Plus", 30000],
      ["dstv-premium", "DStv Premium", 44500],
    ]),
  },
  {
    id: 10,
    key: "gotv",
    title: "GOTV",
    logo: "gotv",
    serviceId: "gotv",
    description: "Renew or change your GOtv plan.",
    variations: variationList([
      ["gotv-smallie", "GOtv Smallie", 1900],
      ["gotv-jinja", "GOtv Jinja", 3900],
      ["gotv-jolli", "GOtv Jolli", 5800],
      ["gotv-max", "GOtv Max", 8500],
      ["gotv-supa", "GOtv Supa", 11400],
    ]),
  },
  {
    id: 11,
    key: "startimes",
    title: "STARTIMES",
    logo: "startimes",
    serviceId: "startimes",
    description: "Top up your StarTimes decoder.",
    variations: variationList([
      ["startimes-nova", "StarTimes Nova", 1900],
      ["startimes-basic", "StarTimes Basic", 3700],
      ["startimes-smart", "StarTimes Smart", 4700],
      ["startimes-classic", "StarTimes Classic", 5500],
      ["startimes-super", "StarTimes Super", 9000],
    ]),
  },
] as const;

const discos = [
  { id: 12, key: "ikedc", title: "IKEDC - Ikeja Electric", logo: "ikedc" },
  { id: 13, key: "ekedc", title: "EKEDC - Eko Electric", logo: "ekedc" },
  { id: 14, key: "aedc", title: "AEDC - Abuja Electric", logo: "aedc" },
  { id: 15, key: "kedco", title: "KEDCO - Kano Electric", logo: "kedco" },
  { id: 16, key: "phed", title: "PHED - Port Harcourt Electric", logo: "phed" },
  { id: 17, key: "ibedc", title: "IBEDC - Ibadan Electric", logo: "ibedc" },
  { id: 18, key: "kaedco", title: "KAEDCO - Kaduna Electric", logo: "kaedco" },
  { id: 19, key: "jed", title: "JED - Jos Electric", logo: "jed" },
  { id: 20, key: "eedc", title: "EEDC - Enugu Electric", logo: "eedc" },
  { id: 21, key: "bedc", title: "BEDC - Benin Electric", logo: "bedc" },
  { id: 22, key: "yedc", title: "YEDC - Yola Electric", logo: "yedc" },
] as const;

// One PIN each; JAMB's names follow the board's own, the provider title leads the others.
const exams = [
  {
    id: 30,
    key: "waec",
    title: "WAEC",
    logo: "waec",
    description: "WAEC result checker PINs and registration PINs.",
    variations: variationList([
      ["waec-result-checker", "WAEC Result Checker PIN", 3900],
      ["waec-registration", "WAEC Registration PIN", 30000],
    ]),
  },
  {
    id: 31,
    key: "neco",
    title: "NECO",
    logo: "neco",
    description: "NECO result checker tokens.",
    variations: variationList([["neco-result-token", "NECO Result Token", 1300]]),
  },
  {
    id: 32,
    key: "nabteb",
    title: "NABTEB",
    logo: "nabteb",
    description: "NABTEB result checker PINs.",
    variations: variationList([["nabteb-result-checker", "NABTEB Result Checker PIN", 1000]]),
  },
  {
    id: 33,
    key: "jamb",
    title: "JAMB",
    logo: "jamb",
    description: "JAMB UTME and Direct Entry e-PINs; verify the profile ID first.",
    variations: variationList([
      ["utme-mock", "UTME PIN (with mock)", 8700],
      ["utme-no-mock", "UTME PIN (no mock)", 7200],
      ["de", "Direct Entry PIN", 6200],
    ]),
  },
] as const;

export const subcategorySeeds: readonly SubcategorySeed[] = [
  ...airtime.map((entry) =>
    provider({ ...entry, categoryId: 2, description: `Instant ${entry.title} airtime for any ${entry.title} line.` }),
  ),
  ...data,
  ...cable.map((entry) => provider({ ...entry, categoryId: 3, discounts: [100, 120, 140, 150] })),
  ...discos.map((entry) =>
    provider({
      ...entry,
      categoryId: 4,
      serviceId: electricityServiceId(entry.title),
      description: `Prepaid tokens and postpaid bills for ${entry.title.slice(entry.title.indexOf("-") + 2)}.`,
      discounts: [50, 80, 110, 150],
    }),
  ),
  ...exams.map((entry) =>
    provider({ ...entry, categoryId: 6, serviceId: entry.title, discounts: [100, 150, 200, 250] }),
  ),
  provider({
    id: 40,
    key: "bulk-sms",
    title: "Bulk SMS",
    logo: "bulk-sms",
    categoryId: 11,
    serviceId: "bulk-sms",
    description: "Send one message to many numbers with your own sender ID.",
    discounts: [100, 150, 200, 250],
  }),
  ...gifting,
];
