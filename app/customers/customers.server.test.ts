import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { SAVED_LIMIT } from "../domain/saved-customers.ts";
import { closeStore, storeStartupProblem } from "../store/database.server.ts";
import {
  deleteCustomer,
  numbersNamedIn,
  renameCustomer,
  saveCustomer,
  savedCustomers,
  savedNameOf,
} from "./customers.server.ts";

// Saved customers on both engines the portal's own data may live in: what a person sees after
// saving, renaming and deleting, one account never seeing another's, and the limit holding
// when many are saved at once (decision 050).

const freshUrl = freshDatabases("saved");

afterEach(() => closeStore());

async function openFresh(engine: "sqlite" | "postgres"): Promise<void> {
  const url = await freshUrl(engine);
  expect(await storeStartupProblem(url)).toBeNull();
}

const phone = (number: string, name: string) => ({ kind: "phone", number, name, provider: "", meterType: "" }) as const;
const meter = {
  kind: "meter",
  number: "45012345678",
  name: "Shop meter",
  provider: "IKEDC",
  meterType: "prepaid",
} as const;

describe.each(["sqlite", "postgres"] as const)("saved customers on %s", (engine) => {
  it("lists an account's entries by name, of the kinds asked for, and no other account's", async () => {
    await openFresh(engine);
    expect(await saveCustomer(1, phone("08031234567", "mama Nkechi"))).toEqual({ result: "added" });
    expect(await saveCustomer(1, phone("08051234567", "Baba Tunde"))).toEqual({ result: "added" });
    expect(await saveCustomer(1, meter)).toEqual({ result: "added" });
    expect(await saveCustomer(2, phone("08061234567", "Someone else's"))).toEqual({ result: "added" });
    const all = await savedCustomers(1);
    expect(all.map((entry) => entry.name)).toEqual(["Baba Tunde", "mama Nkechi", "Shop meter"]);
    expect(all[2]).toMatchObject({ kind: "meter", provider: "IKEDC", meterType: "prepaid" });
    expect((await savedCustomers(1, ["meter"])).map((entry) => entry.number)).toEqual(["45012345678"]);
    expect(await savedCustomers(1, [])).toEqual([]);
    expect(await savedNameOf(1, "phone", "08031234567")).toBe("mama Nkechi");
    expect(await savedNameOf(2, "phone", "08031234567")).toBeNull();
  });

  it("renames an entry saved again for its kind and number, rather than keeping it twice", async () => {
    await openFresh(engine);
    await saveCustomer(1, phone("08031234567", "Mama Nkechi"));
    expect(await saveCustomer(1, phone("08031234567", "Aunty Nkechi"))).toEqual({
      result: "renamed",
      before: "Mama Nkechi",
    });
    // The same digits as another kind are another entry.
    expect(await saveCustomer(1, { ...meter, number: "08031234567" })).toEqual({ result: "added" });
    expect((await savedCustomers(1)).map((entry) => entry.name)).toEqual(["Aunty Nkechi", "Shop meter"]);
  });

  it("renames and deletes only the account's own entries", async () => {
    await openFresh(engine);
    await saveCustomer(1, phone("08031234567", "Mama Nkechi"));
    const [entry] = await savedCustomers(1);
    const id = entry?.id ?? 0;
    expect(await renameCustomer(2, id, "Taken over")).toBeNull();
    expect(await deleteCustomer(2, id)).toBeNull();
    expect(await renameCustomer(1, id, "Mummy")).toMatchObject({ name: "Mama Nkechi" });
    expect(await numbersNamedIn(1, "mummy")).toEqual(["08031234567"]);
    expect(await numbersNamedIn(2, "mummy")).toEqual([]);
    expect(await deleteCustomer(1, id)).toMatchObject({ name: "Mummy", number: "08031234567" });
    expect(await savedCustomers(1)).toEqual([]);
  });

  it(`keeps at most ${SAVED_LIMIT}, even when many are saved at the same moment`, async () => {
    await openFresh(engine);
    const number = (index: number) => `0803${String(index).padStart(7, "0")}`;
    for (let index = 0; index < SAVED_LIMIT - 5; index += 1) await saveCustomer(1, phone(number(index), `N${index}`));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => saveCustomer(1, phone(number(1_000 + index), `Late ${index}`))),
    );
    expect(answers.filter((answer) => answer.result === "added")).toHaveLength(5);
    expect(answers.filter((answer) => answer.result === "full")).toHaveLength(15);
    expect(await savedCustomers(1)).toHaveLength(SAVED_LIMIT);
    // A full list still renames what it has.
    expect((await saveCustomer(1, phone(number(0), "Renamed"))).result).toBe("renamed");
  }, 30_000);
});
