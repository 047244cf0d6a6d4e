import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { closeStore, portalStore, storeStartupProblem } from "../store/database.server.ts";
import type { SignedIn } from "../session/signed-in.server.ts";
import { lowBalanceThreshold, lowBalanceWarning, saveLowBalanceThreshold } from "./account-settings.server.ts";

// The low-balance threshold in the portal's database, on both engines (decision 052): none
// until set, kept per account, replaced, and cleared.

const freshUrl = freshDatabases("settings");

afterEach(() => closeStore());

async function openFresh(engine: "sqlite" | "postgres"): Promise<void> {
  const url = await freshUrl(engine);
  expect(await storeStartupProblem(url)).toBeNull();
}

/** The signed-in person as far as the warning reads them. */
function person(id: number, balanceKobo: number): SignedIn {
  const profile = { walletBalanceKobo: balanceKobo } as SignedIn["user"]["profile"];
  return { user: { id, profile } as SignedIn["user"], caller: { requestId: "test", token: "token" } };
}

describe.each(["sqlite", "postgres"] as const)("the low-balance threshold on %s", (engine) => {
  it("is unset at first, then set, replaced and cleared, for its own account only", async () => {
    await openFresh(engine);
    expect(await lowBalanceThreshold(1)).toBeNull();
    await saveLowBalanceThreshold(1, 1_000_00);
    expect(await lowBalanceThreshold(1)).toBe(1_000_00);
    expect(await lowBalanceThreshold(2)).toBeNull();
    await saveLowBalanceThreshold(1, 10_000_000_00);
    expect(await lowBalanceThreshold(1)).toBe(10_000_000_00);
    await saveLowBalanceThreshold(2, 500_00);
    await saveLowBalanceThreshold(1, null);
    expect(await lowBalanceThreshold(1)).toBeNull();
    expect(await lowBalanceThreshold(2)).toBe(500_00);
  });

  it("warns only below the account's own threshold", async () => {
    await openFresh(engine);
    expect(await lowBalanceWarning(person(1, 450_00))).toBeNull();
    await saveLowBalanceThreshold(1, 1_000_00);
    expect(await lowBalanceWarning(person(1, 450_00))).toEqual({ balance: "₦450.00", threshold: "₦1,000.00" });
    expect(await lowBalanceWarning(person(1, 1_000_00))).toBeNull();
    expect(await lowBalanceWarning(person(2, 450_00))).toBeNull();
  });

  it("leaves the warning out, rather than the page, when the database cannot be read", async () => {
    await openFresh(engine);
    await saveLowBalanceThreshold(1, 1_000_00);
    await portalStore().db.schema.dropTable("account_settings").execute();
    await expect(lowBalanceThreshold(1)).rejects.toThrow();
    expect(await lowBalanceWarning(person(1, 450_00))).toBeNull();
  });
});
