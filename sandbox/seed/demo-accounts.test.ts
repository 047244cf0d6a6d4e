import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoAccounts, demoPassword } from "./demo-accounts.ts";
import { createSandbox } from "../handler.ts";
import { logIn, profileOf } from "../testing/accounts.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;

beforeEach(() => {
  test = startTestSandbox();
});

afterEach(() => {
  test.close();
});

describe("demo accounts", () => {
  it("cover each level once, verified, with Nigerian phones and the documented balances", async () => {
    expect(demoAccounts.map((account) => [account.email, account.level, account.balanceKobo])).toEqual([
      ["normal@payvend.test", 0, 5_000_00],
      ["agent@payvend.test", 1, 25_000_00],
      ["reseller@payvend.test", 2, 150_000_00],
      ["api@payvend.test", 3, 500_000_00],
    ]);
    for (const account of demoAccounts) {
      expect(account.password).toBe(demoPassword);
      const token = await logIn(test, account.email, account.password);
      const body = (await test.call("GET", "/v1/user/profile/", { token })).body;
      expect(body).toMatchObject({ email: account.email, level: account.level, first_name: account.firstName });
      expect(profileOf(body)).toMatchObject({
        otp_verification: 1,
        phone_no: account.phoneNo,
        wallet_balance: account.balanceKobo / 100,
      });
      expect(account.phoneNo).toMatch(/^0[789][01]\d{8}$/);
    }
  });

  it("start with one opening credit at sign-up and end on the documented balance", () => {
    for (const account of demoAccounts) {
      const rows = test.db
        .prepare(
          `SELECT l.amount_kobo, l.kind, l.created_at, u.date_joined FROM ledger_entries l JOIN users u ON u.id = l.user_id
           WHERE u.email = ? ORDER BY l.created_at, l.id`,
        )
        .all(account.email);
      expect(rows[0]).toMatchObject({ kind: "opening_balance", created_at: rows[0]?.["date_joined"] });
      expect(rows.filter((row) => row["kind"] === "opening_balance")).toHaveLength(1);
      expect(rows.reduce((sum, row) => sum + Number(row["amount_kobo"]), 0)).toBe(account.balanceKobo);
    }
  });

  it("are seeded once: reopening the database adds nothing", () => {
    const count = (table: string) => test.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.["n"];
    const before = [count("ledger_entries"), count("transactions")];
    const path = String(test.db.prepare("PRAGMA database_list").get()?.["file"]);
    const reopened = createSandbox({ databasePath: path, log: () => undefined });
    reopened.close();
    expect(count("users")).toBe(demoAccounts.length);
    expect([count("ledger_entries"), count("transactions")]).toEqual(before);
  });
});

describe("Sandbox.outbox", () => {
  it("lists mails newest first, up to the limit", async () => {
    expect(test.sandbox.outbox()).toEqual([]);
    for (const account of demoAccounts) {
      await test.call("POST", "/password_reset/", { body: { email: account.email } });
      test.advance(1000);
    }
    const all = test.sandbox.outbox();
    expect(all.map((message) => message.to)).toEqual(demoAccounts.map((account) => account.email).reverse());
    expect(all.map((message) => message.createdAt)).toEqual([
      "2026-03-02T09:00:03.000Z",
      "2026-03-02T09:00:02.000Z",
      "2026-03-02T09:00:01.000Z",
      "2026-03-02T09:00:00.000Z",
    ]);
    expect(all[0]).toMatchObject({ subject: "Reset your Payvend password" });
    expect(typeof all[0]?.id).toBe("number");
    expect(test.sandbox.outbox({ limit: 2 }).map((message) => message.to)).toEqual([
      "api@payvend.test",
      "reseller@payvend.test",
    ]);
  });

  it("lists only the mails to the addresses asked for, whatever their case", async () => {
    for (const account of demoAccounts) {
      await test.call("POST", "/password_reset/", { body: { email: account.email } });
    }
    const asked = test.sandbox.outbox({ to: ["AGENT@payvend.test", "nobody@example.com"] });
    expect(asked.map((message) => message.to)).toEqual(["agent@payvend.test"]);
    expect(test.sandbox.outbox({ to: [] })).toEqual([]);
    expect(test.sandbox.demoEmails).toEqual(demoAccounts.map((account) => account.email));
  });
});

describe("createSandbox options", () => {
  it("refuses a portalOrigin that is not an http(s) URL", () => {
    expect(() => createSandbox({ databasePath: ":memory:", portalOrigin: "portal.test" })).toThrow(/portalOrigin/);
    expect(() => createSandbox({ databasePath: ":memory:", portalOrigin: "ftp://portal.test" })).toThrow(
      /portalOrigin/,
    );
  });

  it("uses http://localhost:3000 for links by default, and only the origin of what it is given", async () => {
    const links: string[] = [];
    for (const portalOrigin of [undefined, "https://pay.example.ng/some/path/"]) {
      const sandbox = createSandbox({ databasePath: ":memory:", portalOrigin, log: () => undefined });
      await sandbox.handle(
        new Request("http://sandbox.test/password_reset/", {
          method: "POST",
          body: JSON.stringify({ email: "api@payvend.test" }),
        }),
      );
      links.push(...sandbox.outbox().map((message) => /https?:\/\/\S+/.exec(message.body)?.[0] ?? ""));
      sandbox.close();
    }
    expect(links[0]).toMatch(/^http:\/\/localhost:3000\/password_reset\/confirm\/\?token=/);
    expect(links[1]).toMatch(/^https:\/\/pay\.example\.ng\/password_reset\/confirm\/\?token=/);
  });
});
