import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { closeStore, portalStore, storeStartupProblem } from "../store/database.server.ts";
import { checkPin, hasPin, pinAsk, pinRefusal, pinView, refusePin, savePin } from "./pin.server.ts";

// The PIN's store on both engines: what a person sees after right and wrong tries, and the
// lock holding when many wrong PINs arrive at once (decisions 053 and 056).

const freshUrl = freshDatabases("pin");

afterEach(() => closeStore());

const MINUTE = 60_000;
const NOW = Date.parse("2026-11-26T14:12:00Z");

async function openFresh(engine: "sqlite" | "postgres"): Promise<void> {
  const url = await freshUrl(engine);
  expect(await storeStartupProblem(url)).toBeNull();
}

async function triesRecorded(accountId: number): Promise<number> {
  const rows = await portalStore()
    .db.selectFrom("pin_attempts")
    .select("id")
    .where("account_id", "=", accountId)
    .execute();
  return rows.length;
}

describe.each(["sqlite", "postgres"] as const)("the transaction PIN on %s", (engine) => {
  it("is kept as a hash, accepted when right, and counted down when wrong", async () => {
    await openFresh(engine);
    expect(await hasPin(1)).toBe(false);
    expect(await checkPin(1, "2580", NOW)).toEqual({ result: "no-pin" });
    await savePin(1, "2580");
    expect(await hasPin(1)).toBe(true);
    const stored = await portalStore().db.selectFrom("transaction_pins").select("pin_hash").executeTakeFirstOrThrow();
    expect(stored.pin_hash).not.toContain("2580");
    expect(await checkPin(1, "2581", NOW)).toEqual({ result: "wrong", message: "Wrong PIN. 4 tries left." });
    expect(await checkPin(1, "2582", NOW + MINUTE)).toEqual({ result: "wrong", message: "Wrong PIN. 3 tries left." });
    expect(await checkPin(1, "2580", NOW + 2 * MINUTE)).toEqual({ result: "right" });
    // A right PIN starts the count again.
    expect(await checkPin(1, "2581", NOW + 3 * MINUTE)).toEqual({
      result: "wrong",
      message: "Wrong PIN. 4 tries left.",
    });
    // Another account's PIN is its own.
    expect(await checkPin(2, "2580", NOW)).toEqual({ result: "no-pin" });
  });

  it("locks buying for 30 minutes after five wrong tries, even for the right PIN", async () => {
    await openFresh(engine);
    await savePin(1, "2580");
    for (const minute of [0, 1, 2, 3]) await checkPin(1, "1111", NOW + minute * MINUTE);
    expect(await checkPin(1, "1111", NOW + 4 * MINUTE)).toEqual({
      result: "locked",
      message: "Buying is locked until 3:46 pm after 5 wrong PINs",
    });
    expect((await checkPin(1, "2580", NOW + 10 * MINUTE)).result).toBe("locked");
    expect(await checkPin(1, "2580", NOW + 35 * MINUTE)).toEqual({ result: "right" });
  });

  it("says buying is locked before any try while the lock holds, counting no try to say so", async () => {
    await openFresh(engine);
    expect(await pinAsk(1, NOW)).toEqual({ requirement: "set-first", locked: null });
    await savePin(1, "2580");
    for (const minute of [0, 1, 2, 3]) await checkPin(1, "1111", NOW + minute * MINUTE);
    expect(await pinAsk(1, NOW + 4 * MINUTE)).toEqual({ requirement: "ask", locked: null });
    await checkPin(1, "1111", NOW + 4 * MINUTE);
    const locked = "Buying is locked until 3:46 pm after 5 wrong PINs";
    expect(await pinAsk(1, NOW + 5 * MINUTE)).toEqual({ requirement: "ask", locked });
    expect(await pinAsk(1, NOW + 33 * MINUTE)).toEqual({ requirement: "ask", locked });
    expect(await pinAsk(1, NOW + 34 * MINUTE)).toEqual({ requirement: "ask", locked: null });
    expect(await triesRecorded(1)).toBe(5);
  });

  it("refuses a locked account's post with the lock, with a PIN or without one, and compares none", async () => {
    await openFresh(engine);
    await savePin(1, "2580");
    for (let wrong = 0; wrong < 5; wrong += 1) await checkPin(1, "1111");
    for (const posted of [null, "", "2580"]) expect(await pinRefusal(1, posted)).toMatch(/^Buying is locked until /);
    const refusal = await refusePin(1, "2580");
    expect(refusal).toEqual({ message: expect.stringMatching(/^Buying is locked until /), locked: true });
    expect(await triesRecorded(1)).toBe(5);
    // An answer shows what its own try found: the lock as the lock, a count of tries beside the field.
    expect(await pinView(1, refusal)).toEqual({ requirement: "ask", locked: refusal?.message, error: null });
    const counted = { message: "Wrong PIN. 1 try left.", locked: false };
    expect(await pinView(1, counted)).toEqual({ requirement: "ask", locked: null, error: counted.message });
  });

  it("counts tries recorded after this check's own clock: a container behind, or one that waited", async () => {
    await openFresh(engine);
    await savePin(1, "2580");
    for (const second of [1, 2, 3, 4, 5]) await checkPin(1, "1111", NOW + second * 1_000);
    const late = await checkPin(1, "1111", NOW);
    expect(late.result).toBe("locked");
    expect(await triesRecorded(1)).toBe(5);
  });

  it("compares no more than five of twenty wrong PINs posted at once", async () => {
    await openFresh(engine);
    await savePin(1, "2580");
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkPin(1, "1111", NOW)));
    expect(await triesRecorded(1)).toBe(5);
    expect(answers.filter((answer) => answer.result === "wrong")).toHaveLength(4);
    expect(answers.filter((answer) => answer.result === "locked")).toHaveLength(16);
  });

  it("takes twenty right PINs at once as right, after four wrong ones", async () => {
    await openFresh(engine);
    await savePin(1, "2580");
    for (const minute of [0, 1, 2, 3]) await checkPin(1, "1111", NOW + minute * MINUTE);
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkPin(1, "2580", NOW + 5 * MINUTE)));
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ result: "right" })));
    expect(await triesRecorded(1)).toBe(0);
  });

  it("setting a new PIN forgets the wrong tries", async () => {
    await openFresh(engine);
    await savePin(1, "2580");
    for (const minute of [0, 1, 2, 3, 4]) await checkPin(1, "1111", NOW + minute * MINUTE);
    await savePin(1, "3691");
    expect(await checkPin(1, "3691", NOW + 5 * MINUTE)).toEqual({ result: "right" });
  });
});
