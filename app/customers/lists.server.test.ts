import { afterEach, describe, expect, it } from "vitest";
import { freshDatabases } from "../../tests/support/fresh-databases.ts";
import { LISTS_LIMIT } from "../domain/customer-lists.ts";
import { closeStore, storeStartupProblem } from "../store/database.server.ts";
import { customerList, customerLists, deleteCustomerList, saveCustomerList } from "./lists.server.ts";

// Customer lists on both engines (decision 086): what a reseller sees after saving and deleting,
// a name kept once per account, one account never seeing another's, and the limit holding when
// many are saved at once.

const freshUrl = freshDatabases("lists");

afterEach(() => closeStore());

async function openFresh(engine: "sqlite" | "postgres"): Promise<void> {
  const url = await freshUrl(engine);
  expect(await storeStartupProblem(url)).toBeNull();
}

const office = [
  { number: "08031234567", network: "MTN", name: "Ada" },
  { number: "08051234567", network: "GLO", name: "" },
];

describe.each(["sqlite", "postgres"] as const)("customer lists on %s", (engine) => {
  it("keeps an account's lists by name, entries as saved, and shows no other account's", async () => {
    await openFresh(engine);
    const saved = await saveCustomerList(1, "Office staff", office);
    expect(saved.result).toBe("added");
    await saveCustomerList(1, "church data", [{ number: "07011111111", network: "", name: "Pastor" }]);
    await saveCustomerList(2, "Someone else's", office);
    const lists = await customerLists(1);
    expect(lists.map((list) => list.name)).toEqual(["church data", "Office staff"]);
    expect(lists[1]?.entries).toEqual(office);
    const id = saved.result === "added" ? saved.id : 0;
    expect(await customerList(1, id)).toMatchObject({ name: "Office staff", entries: office });
    // Another account's list, by its id: not there.
    expect(await customerList(2, id)).toBeNull();
    expect((await customerLists(2)).map((list) => list.name)).toEqual(["Someone else's"]);
  });

  it("refuses a second list of a name, whatever its case, but another account may use it", async () => {
    await openFresh(engine);
    await saveCustomerList(1, "Office staff", office);
    expect(await saveCustomerList(1, "OFFICE STAFF", office)).toEqual({ result: "taken" });
    expect((await saveCustomerList(2, "Office staff", office)).result).toBe("added");
    expect(await customerLists(1)).toHaveLength(1);
  });

  it("deletes only the account's own list", async () => {
    await openFresh(engine);
    const saved = await saveCustomerList(1, "Office staff", office);
    const id = saved.result === "added" ? saved.id : 0;
    expect(await deleteCustomerList(2, id)).toBeNull();
    expect(await deleteCustomerList(1, id)).toBe("Office staff");
    expect(await customerLists(1)).toEqual([]);
  });

  it(`keeps at most ${LISTS_LIMIT}, even when many are saved at the same moment`, async () => {
    await openFresh(engine);
    for (let index = 0; index < LISTS_LIMIT - 3; index += 1) await saveCustomerList(1, `List ${index}`, office);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => saveCustomerList(1, `Late ${index}`, office)),
    );
    expect(answers.filter((answer) => answer.result === "added")).toHaveLength(3);
    expect(answers.filter((answer) => answer.result === "full")).toHaveLength(7);
    expect(await customerLists(1)).toHaveLength(LISTS_LIMIT);
  }, 30_000);
});
