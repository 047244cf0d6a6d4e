import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { referralCodeIn } from "../domain/referral.ts";
import { closeStore, storeStartupProblem } from "../store/database.server.ts";
import { referralCodeFor, referrerNamed } from "./referral-codes.server.ts";

// Invitation codes in the portal's database, on both engines (decision 081): one an account,
// kept, never another's; a registration turns a known code back into the username.

const freshUrl = freshDatabases("referrals");

afterEach(() => closeStore());

describe.each(["sqlite", "postgres"] as const)("invitation codes on %s", (engine) => {
  it("gives an account one code, kept, and each account its own", async () => {
    expect(await storeStartupProblem(await freshUrl(engine))).toBeNull();
    const first = await referralCodeFor(1, "ada@example.com");
    expect(referralCodeIn(first)).toBe(first);
    expect(await referralCodeFor(1, "ada@example.com")).toBe(first);
    expect(await referralCodeFor(2, "bola@example.com")).not.toBe(first);
  });

  it("makes one code however many first visits arrive at once", async () => {
    expect(await storeStartupProblem(await freshUrl(engine))).toBeNull();
    const codes = await Promise.all(Array.from({ length: 10 }, () => referralCodeFor(7, "tunde@example.com")));
    expect(new Set(codes).size).toBe(1);
  });

  it("names the account behind a code, in any case; anything else goes on as typed", async () => {
    expect(await storeStartupProblem(await freshUrl(engine))).toBeNull();
    const code = await referralCodeFor(3, "chi@example.com");
    expect(await referrerNamed(code)).toBe("chi@example.com");
    expect(await referrerNamed(` ${code.toLowerCase()} `)).toBe("chi@example.com");
    expect(await referrerNamed("MMMMMMMM")).toBe("MMMMMMMM");
    expect(await referrerNamed("a friend from church")).toBe("a friend from church");
    expect(await referrerNamed("")).toBe("");
  });
});
