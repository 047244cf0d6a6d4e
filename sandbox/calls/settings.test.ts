import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoPassword } from "../seed/demo-accounts.ts";
import { logIn } from "../testing/accounts.ts";
import { startTestSandbox } from "../testing/sandbox.ts";
import type { TestSandbox } from "../testing/sandbox.ts";

let test: TestSandbox;
let token: string;

beforeEach(async () => {
  test = startTestSandbox();
  token = await logIn(test, "normal@payvend.test", demoPassword);
});

afterEach(() => {
  test.close();
});

describe("call 16: GET /v1/get-settings/", () => {
  it("answers the notification and the reserved-account instruction as HTML", async () => {
    const answer = await test.call("GET", "/v1/get-settings/", { token });
    expect(answer.status).toBe(200);
    const body = answer.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["notification", "reserved_account_instruction"]);
    expect(body["notification"]).toMatch(/<b>.+<\/b>/);
    expect(body["notification"]).toMatch(/<a href="[^"]+">[^<]+<\/a>/);
    expect(String(body["notification"]).length).toBeLessThan(200);
    expect(body["reserved_account_instruction"]).toMatch(/^<p>.*0\.85%.*<\/p>$/s);
  });

  it("reads the settings table, so an operator's edit shows", async () => {
    test.db.prepare("UPDATE settings SET notification = ? WHERE id = 1").run("<p>Maintenance at <b>midnight</b>.</p>");
    const answer = await test.call("GET", "/v1/get-settings/", { token });
    expect(answer.body).toMatchObject({ notification: "<p>Maintenance at <b>midnight</b>.</p>" });
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/get-settings/")).status).toBe(401);
  });
});

describe("call 40: GET /v1/get-bank-list/", () => {
  it("answers {data: [{name, code}]} with 20 or more Nigerian banks, each once", async () => {
    const answer = await test.call("GET", "/v1/get-bank-list/", { token });
    expect(answer.status).toBe(200);
    const body = answer.body as { data: { name: string; code: string }[] };
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.length).toBeGreaterThanOrEqual(20);
    for (const bank of body.data) {
      expect(Object.keys(bank).sort()).toEqual(["code", "name"]);
      expect(bank.code).toMatch(/^\d{3,6}$/);
    }
    expect(new Set(body.data.map((bank) => bank.name.toLowerCase())).size).toBe(body.data.length);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { name: "Access Bank", code: "044" },
        { name: "Guaranty Trust Bank", code: "058" },
        { name: "Zenith Bank", code: "057" },
        { name: "First Bank of Nigeria", code: "011" },
        { name: "United Bank For Africa", code: "033" },
        { name: "Fidelity Bank", code: "070" },
        { name: "First City Monument Bank", code: "214" },
        { name: "Sterling Bank", code: "232" },
        { name: "Wema Bank", code: "035" },
        { name: "Union Bank of Nigeria", code: "032" },
        { name: "Stanbic IBTC Bank", code: "221" },
        { name: "Ecobank Nigeria", code: "050" },
        { name: "Keystone Bank", code: "082" },
        { name: "Polaris Bank", code: "076" },
        { name: "Unity Bank", code: "215" },
        { name: "Jaiz Bank", code: "301" },
        { name: "Providus Bank", code: "101" },
        { name: "Kuda Bank", code: "50211" },
        { name: "OPay", code: "999992" },
        { name: "Moniepoint MFB", code: "50515" },
        { name: "PalmPay", code: "999991" },
      ]),
    );
  });

  it("needs a token", async () => {
    expect((await test.call("GET", "/v1/get-bank-list/")).status).toBe(401);
  });
});
