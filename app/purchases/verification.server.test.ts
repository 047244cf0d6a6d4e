import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Verification } from "./verification.server.ts";

// A verification travels through the browser between Verify and Process: it must open only
// for the user and product it was made for, only while fresh, never as something else, and
// it must name exactly the provider, number and detail being bought.

async function modules() {
  vi.stubEnv("SESSION_SECRET", "verification-secret-0123456789abcdef");
  vi.resetModules();
  return {
    verification: await import("./verification.server.ts"),
    confirmation: await import("./confirmation.server.ts"),
  };
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const ISSUED_AT = Date.UTC(2026, 10, 22, 9, 0, 0);

const meter: Verification = {
  userId: 7,
  product: "electricity",
  providerId: 12,
  number: "1111111111111",
  detail: "prepaid",
  customer: [{ label: "Customer name", value: "Tunde Bakare" }],
  issuedAt: ISSUED_AT,
};

describe("sealVerification and openVerification", () => {
  it("give the verification back to its user, for its product, while fresh", async () => {
    const { verification } = await modules();
    const sealed = verification.sealVerification(meter);
    expect(verification.openVerification(sealed, { userId: 7, product: "electricity" }, ISSUED_AT + 60_000)).toEqual(
      meter,
    );
  });

  it.each([
    ["another user", { userId: 8, product: "electricity" }, ISSUED_AT],
    ["another product", { userId: 7, product: "cable" }, ISSUED_AT],
    ["a verification over 30 minutes old", { userId: 7, product: "electricity" }, ISSUED_AT + 30 * 60_000 + 1],
  ])("refuse %s", async (_case, expected, now) => {
    const { verification } = await modules();
    expect(verification.openVerification(verification.sealVerification(meter), expected, now)).toBeNull();
  });

  it("refuse a verification whose meter number was changed in the browser", async () => {
    const { verification } = await modules();
    const [body = "", mac = ""] = verification.sealVerification(meter).split(".");
    const changed = { ...JSON.parse(Buffer.from(body, "base64url").toString("utf8")), number: "9999999999999" };
    const forged = `${Buffer.from(JSON.stringify(changed)).toString("base64url")}.${mac}`;
    expect(verification.openVerification(forged, { userId: 7, product: "electricity" }, ISSUED_AT)).toBeNull();
  });

  it("never take a sealed confirmation for a verification, even with the same secret", async () => {
    const { verification, confirmation } = await modules();
    const sealed = confirmation.sealConfirmation({
      userId: 7,
      key: "3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f",
      issuedAt: ISSUED_AT,
      order: { product: "airtime", subcategoryId: 1, phoneNumber: "08011111111", amountKobo: 50_000 },
      values: {},
    });
    expect(verification.openVerification(sealed, { userId: 7, product: "electricity" }, ISSUED_AT)).toBeNull();
  });
});

describe("verifies", () => {
  it.each([
    ["the same provider, number and detail", { providerId: 12, number: "1111111111111", detail: "prepaid" }, true],
    ["another provider", { providerId: 13, number: "1111111111111", detail: "prepaid" }, false],
    ["another meter", { providerId: 12, number: "1010101010101", detail: "prepaid" }, false],
    ["another meter type", { providerId: 12, number: "1111111111111", detail: "postpaid" }, false],
  ])("a verification covers %s: %s", async (_case, target, covered) => {
    const { verification } = await modules();
    expect(verification.verifies(meter, target)).toBe(covered);
  });

  it("nothing is covered without a verification", async () => {
    const { verification } = await modules();
    expect(verification.verifies(null, { providerId: 12, number: "1111111111111", detail: "prepaid" })).toBe(false);
  });
});
