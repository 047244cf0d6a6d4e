import { describe, expect, it } from "vitest";
import { cableNeedsPlan, electricityServiceId, examNeedsProfile, examServiceId } from "./service-id.ts";

describe("electricityServiceId", () => {
  it.each([
    ["IKEDC - Ikeja Electric", "Ikeja-Electric"],
    ["EKEDC - Eko Electric", "Eko-Electric"],
    ["AEDC - Abuja Electric", "Abuja-Electric"],
    ["KEDCO - Kano Electric", "Kano-Electric"],
    ["PHED - Port Harcourt Electric", "Port-Harcourt"],
    ["IBEDC - Ibadan Electric", "Ibadan-Electric"],
    ["KAEDCO - Kaduna Electric", "Kaduna-Electric"],
    ["JED - Jos Electric", "Jos-Electric"],
    ["EEDC - Enugu Electric", "Enugu-Electric"],
    ["BEDC - Benin Electric", "Benin-Electric"],
    ["YEDC - Yola Electric", "Yola-Electric"],
    ["IKEDC -  Ikeja   Electric  Plc", "Ikeja-Electric"],
    ["IKEDC-Ikeja Electric", "Ikeja-Electric"],
    ["Ikeja Electric", "Ikeja-Electric"],
  ])("'%s' gives '%s'", (title, serviceId) => {
    expect(electricityServiceId(title)).toBe(serviceId);
  });
});

describe("examServiceId", () => {
  it.each(["WAEC", "NECO", "NABTEB", "JAMB"])("%s is its own service id", (title) => {
    expect(examServiceId(title)).toBe(title);
  });
});

describe("cableNeedsPlan", () => {
  it.each([
    ["DSTV", true],
    ["GOTV", true],
    ["STARTIMES", false],
    ["StarTimes", false],
    [" startimes ", false],
  ])("%s needs a plan: %s", (title, needsPlan) => {
    expect(cableNeedsPlan(title)).toBe(needsPlan);
  });
});

describe("examNeedsProfile", () => {
  it.each([
    ["JAMB", true],
    ["jamb", true],
    ["WAEC", false],
    ["NECO", false],
    ["NABTEB", false],
  ])("%s needs a verified profile ID: %s", (title, needsProfile) => {
    expect(examNeedsProfile(title)).toBe(needsProfile);
  });
});
