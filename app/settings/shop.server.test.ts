import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { closeStore, storeStartupProblem } from "../store/database.server.ts";
import { recordSale, saleOf, salesSince } from "./sales.server.ts";
import { priceRulesOf, savePriceRules, saveShopDetails, shopDetailsOf } from "./shop.server.ts";

// A reseller's shop on both engines (decision 085): its details, its prices and what each
// purchase sold for, set, replaced and cleared, and never another account's.

const freshUrl = freshDatabases("shop");

afterEach(() => closeStore());

async function openFresh(engine: "sqlite" | "postgres"): Promise<void> {
  const url = await freshUrl(engine);
  expect(await storeStartupProblem(url)).toBeNull();
}

describe.each(["sqlite", "postgres"] as const)("a reseller's shop on %s", (engine) => {
  it("keeps the shop's details per account, replaced and forgotten", async () => {
    await openFresh(engine);
    expect(await shopDetailsOf(1)).toBeNull();
    await saveShopDetails(1, { name: "Mama Nkechi Ventures", phone: "0803 123 4567", address: "12 Market Rd, Aba" });
    await saveShopDetails(2, { name: "Baba Tunde Store", phone: "", address: "" });
    expect(await shopDetailsOf(1)).toEqual({
      name: "Mama Nkechi Ventures",
      phone: "0803 123 4567",
      address: "12 Market Rd, Aba",
    });
    await saveShopDetails(1, { name: "Nkechi & Sons", phone: "", address: "" });
    expect(await shopDetailsOf(1)).toEqual({ name: "Nkechi & Sons", phone: "", address: "" });
    await saveShopDetails(1, null);
    expect(await shopDetailsOf(1)).toBeNull();
    expect(await shopDetailsOf(2)).toEqual({ name: "Baba Tunde Store", phone: "", address: "" });
  });

  it("keeps each account's own price rules, in kobo up to ₦100,000,000", async () => {
    await openFresh(engine);
    expect(await priceRulesOf(1)).toEqual({});
    await savePriceRules(1, { airtime: 104_00, data: 50_00, cable: 100_000_000_00 });
    await savePriceRules(2, { electricity: 0 });
    expect(await priceRulesOf(1)).toEqual({ airtime: 104_00, data: 50_00, cable: 100_000_000_00 });
    await savePriceRules(1, { exam: 200_00 });
    expect(await priceRulesOf(1)).toEqual({ exam: 200_00 });
    expect(await priceRulesOf(2)).toEqual({ electricity: 0 });
    expect(await priceRulesOf(3)).toEqual({});
  });

  it("records what a purchase sold for by its reference, corrects and forgets it, for its own account only", async () => {
    await openFresh(engine);
    const before = new Date(Date.now() - 1000).toISOString();
    await recordSale(1, "PV100", 520_00);
    await recordSale(1, "PV101", 100_000_000_00);
    expect(await saleOf(1, "PV100")).toBe(520_00);
    // Another account's sale of the same reference is never found, nor overwritten.
    expect(await saleOf(2, "PV100")).toBeNull();
    await recordSale(2, "PV100", 1);
    await recordSale(1, "PV100", 510_00);
    expect(await saleOf(1, "PV100")).toBe(510_00);
    expect(await saleOf(2, "PV100")).toBe(1);
    expect(await salesSince(1, before)).toEqual(
      new Map([
        ["PV100", 510_00],
        ["PV101", 100_000_000_00],
      ]),
    );
    expect(await salesSince(1, new Date(Date.now() + 60_000).toISOString())).toEqual(new Map());
    await recordSale(1, "PV100", null);
    expect(await saleOf(1, "PV100")).toBeNull();
    expect(await saleOf(2, "PV100")).toBe(1);
  });
});
