import { DatabaseSync } from "node:sqlite";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { kyselySqlite } from "./sqlite.server.ts";

// The adapter keeps each statement prepared (decision 093): a kept one must read what was
// written since, and the bound on how many are kept must not lose a query.

type Tables = { notes: { id: number; text: string } };

const opened: Kysely<Tables>[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

async function notes(): Promise<Kysely<Tables>> {
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: kyselySqlite(new DatabaseSync(":memory:")) }),
  });
  opened.push(db);
  await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  return db;
}

describe("kyselySqlite", () => {
  it("answers a query asked again with what was written in between", async () => {
    const db = await notes();
    const all = () => db.selectFrom("notes").select("text").orderBy("id").execute();
    await db.insertInto("notes").values({ id: 1, text: "first" }).execute();
    expect(await all()).toEqual([{ text: "first" }]);
    await db.insertInto("notes").values({ id: 2, text: "second" }).execute();
    expect(await all()).toEqual([{ text: "first" }, { text: "second" }]);
  });

  it("answers every query when more distinct ones were asked than it keeps", async () => {
    const db = await notes();
    await db.insertInto("notes").values({ id: 1, text: "first" }).execute();
    // An `in` list of each length is a statement of its own: 600 of them, past the 500 kept.
    for (let length = 1; length <= 600; length += 1) {
      const ids = Array.from({ length }, (_, index) => index + 1);
      expect(await db.selectFrom("notes").select("text").where("id", "in", ids).execute()).toEqual([{ text: "first" }]);
    }
  });

  it("rolls a failed transaction back and keeps going", async () => {
    const db = await notes();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("notes").values({ id: 1, text: "kept?" }).execute();
        await trx.insertInto("notes").values({ id: 1, text: "same id" }).execute();
      }),
    ).rejects.toThrow(/UNIQUE/);
    await db.insertInto("notes").values({ id: 1, text: "after" }).execute();
    expect(await db.selectFrom("notes").select("text").execute()).toEqual([{ text: "after" }]);
  });
});
