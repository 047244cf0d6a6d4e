import { afterEach, describe, expect, it, vi } from "vitest";
import type { Confirmation } from "./confirmation.server.ts";

// The sealed confirmation is the only thing Confirm buys from, and it travels through the
// browser: a changed amount, phone or signature must never open.

const CURRENT_SECRET = "current-secret-0123456789abcdef";
const OLD_SECRET = "old-secret-0123456789abcdef";
const UNKNOWN_SECRET = "unknown-secret-0123456789abcdef";

/**
 * The module with SESSION_SECRET set to `secrets`. env() reads process.env once and keeps
 * it, so each secret list gets a fresh copy of the modules.
 */
async function withSessionSecret(secrets: string) {
  vi.stubEnv("SESSION_SECRET", secrets);
  vi.resetModules();
  return import("./confirmation.server.ts");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const ISSUED_AT = Date.UTC(2025, 0, 1, 12, 0, 0);

const airtime: Confirmation = {
  userId: 7,
  key: "3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f",
  issuedAt: ISSUED_AT,
  order: { product: "airtime", subcategoryId: 2, phoneNumber: "08031234567", amountKobo: 50_000 },
  values: { provider: "2", phone: "08031234567", amount: "500" },
};

const data: Confirmation = {
  userId: 7,
  key: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  issuedAt: ISSUED_AT,
  order: {
    product: "data",
    subcategoryId: 1,
    phoneNumber: "08031234567",
    plan: {
      plan: "MTN 1GB (SME) - 30 days",
      size: "1GB",
      amountKobo: 29_000,
      variationAmountKobo: 30_000,
      serviceId: "mtn-data",
      variationCode: "mtn-1gb-30",
    },
  },
  values: { provider: "1", plan: "mtn-1gb-30", phone: "08031234567" },
};

const sms: Confirmation = {
  userId: 7,
  key: "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
  issuedAt: ISSUED_AT,
  order: {
    product: "sms",
    subcategoryId: 11,
    recipients: ["08031234567", "2348122223333"],
    sender: "Payvend",
    message: "Meeting at 3pm.\nBring your ID, ₦ and all.",
    totalKobo: 1_000,
  },
  values: {
    sender: "Payvend",
    phones: "08031234567\r\n2348122223333",
    message: "Meeting at 3pm.\r\nBring your ID, ₦ and all.",
  },
};

function decodeBody(sealed: string): unknown {
  const [body = ""] = sealed.split(".");
  return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
}

/** The sealed text with its body edited and re-encoded, the signature left as it was. */
function withEditedBody(sealed: string, edit: (confirmation: Confirmation) => void): string {
  const [, signature = ""] = sealed.split(".");
  const confirmation = decodeBody(sealed) as Confirmation;
  edit(confirmation);
  return `${Buffer.from(JSON.stringify(confirmation)).toString("base64url")}.${signature}`;
}

describe("sealConfirmation and openConfirmation", () => {
  it.each([
    ["an airtime", airtime],
    ["a data", data],
    ["an SMS", sms],
  ])("give %s confirmation back exactly as it was sealed", async (_product, confirmation) => {
    const { openConfirmation, sealConfirmation } = await withSessionSecret(CURRENT_SECRET);
    expect(openConfirmation(sealConfirmation(confirmation))).toEqual(confirmation);
  });

  it("seal into one form-field-safe token of body and signature", async () => {
    const { sealConfirmation } = await withSessionSecret(CURRENT_SECRET);
    expect(sealConfirmation(sms)).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it.each<[string, (confirmation: Confirmation) => void]>([
    [
      "the airtime amount",
      (confirmation) => {
        if (confirmation.order.product === "airtime") confirmation.order.amountKobo = 100;
      },
    ],
    [
      "the phone number",
      (confirmation) => {
        if (confirmation.order.product === "airtime") confirmation.order.phoneNumber = "08099999999";
      },
    ],
    [
      "the user",
      (confirmation) => {
        confirmation.userId = 8;
      },
    ],
    [
      "the idempotency key",
      (confirmation) => {
        confirmation.key = "11111111-2222-4333-8444-555555555555";
      },
    ],
    [
      "the time it was issued",
      (confirmation) => {
        confirmation.issuedAt = Date.now();
      },
    ],
    [
      "the form values",
      (confirmation) => {
        confirmation.values.amount = "1";
      },
    ],
  ])("refuse a confirmation whose %s was edited in the browser", async (_field, edit) => {
    const { openConfirmation, sealConfirmation } = await withSessionSecret(CURRENT_SECRET);
    const sealed = sealConfirmation(airtime);
    const edited = withEditedBody(sealed, edit);
    expect(edited).not.toBe(sealed);
    expect(openConfirmation(edited)).toBeNull();
  });

  it("refuse a data plan whose price was lowered in the browser", async () => {
    const { openConfirmation, sealConfirmation } = await withSessionSecret(CURRENT_SECRET);
    const edited = withEditedBody(sealConfirmation(data), (confirmation) => {
      if (confirmation.order.product === "data") confirmation.order.plan.amountKobo = 1_000;
    });
    expect(openConfirmation(edited)).toBeNull();
  });

  it("refuse an SMS with a recipient added in the browser", async () => {
    const { openConfirmation, sealConfirmation } = await withSessionSecret(CURRENT_SECRET);
    const edited = withEditedBody(sealConfirmation(sms), (confirmation) => {
      if (confirmation.order.product === "sms") confirmation.order.recipients.push("09011112222");
    });
    expect(openConfirmation(edited)).toBeNull();
  });

  it.each<[string, (sealed: string, other: string) => string]>([
    [
      "another confirmation's signature",
      (sealed, other) => `${sealed.split(".")[0] ?? ""}.${other.split(".")[1] ?? ""}`,
    ],
    [
      "a signature with its first character changed",
      (sealed) => sealed.replace(/\.(.)/, (_match, first: string) => `.${first === "A" ? "B" : "A"}`),
    ],
    ["a signature cut short", (sealed) => sealed.slice(0, -4)],
    ["an empty signature", (sealed) => `${sealed.split(".")[0] ?? ""}.`],
    ["characters a lenient base64 decoder would skip", (sealed) => `${sealed}!!`],
    ["base64 padding added", (sealed) => `${sealed}=`],
  ])("refuse a confirmation with %s", async (_change, change) => {
    const { openConfirmation, sealConfirmation } = await withSessionSecret(CURRENT_SECRET);
    const changed = change(sealConfirmation(airtime), sealConfirmation(data));
    expect(openConfirmation(changed)).toBeNull();
  });

  it.each([
    ["an empty string", ""],
    ["a lone dot", "."],
    ["text with no dot", "not-a-confirmation"],
    ["two random parts", "abc.def"],
    ["base64 of plain text", `${Buffer.from("hello").toString("base64url")}.${Buffer.alloc(32).toString("base64url")}`],
    ["null (no field posted)", null],
    ["undefined", undefined],
    ["a number", 42],
    ["an object", { sealed: "abc.def" }],
    ["an uploaded file", new File(["abc.def"], "confirmation.txt")],
  ])("open %s to null", async (_input, input) => {
    const { openConfirmation } = await withSessionSecret(CURRENT_SECRET);
    expect(openConfirmation(input)).toBeNull();
  });

  it.each<[string, (sealed: string) => string]>([
    ["a third part", (sealed) => `${sealed}.extra`],
    ["a trailing dot", (sealed) => `${sealed}.`],
    ["a leading dot", (sealed) => `.${sealed}`],
  ])("refuse a genuine confirmation with %s added", async (_change, change) => {
    const { openConfirmation, sealConfirmation } = await withSessionSecret(CURRENT_SECRET);
    expect(openConfirmation(change(sealConfirmation(airtime)))).toBeNull();
  });

  describe("secret rotation", () => {
    it("open a confirmation sealed with the old secret while SESSION_SECRET lists it second", async () => {
      const before = await withSessionSecret(OLD_SECRET);
      const sealed = before.sealConfirmation(airtime);
      const after = await withSessionSecret(`${CURRENT_SECRET},${OLD_SECRET}`);
      expect(after.openConfirmation(sealed)).toEqual(airtime);
    });

    it("seal with the first secret listed, so confirmations still open once the old one is dropped", async () => {
      const during = await withSessionSecret(`${CURRENT_SECRET}, ${OLD_SECRET}`);
      const sealed = during.sealConfirmation(airtime);
      const after = await withSessionSecret(CURRENT_SECRET);
      expect(after.openConfirmation(sealed)).toEqual(airtime);
    });

    it("refuse a confirmation sealed with the old secret once SESSION_SECRET no longer lists it", async () => {
      const before = await withSessionSecret(OLD_SECRET);
      const sealed = before.sealConfirmation(airtime);
      const after = await withSessionSecret(CURRENT_SECRET);
      expect(after.openConfirmation(sealed)).toBeNull();
    });

    it("refuse a confirmation sealed with a secret SESSION_SECRET never listed", async () => {
      const elsewhere = await withSessionSecret(UNKNOWN_SECRET);
      const sealed = elsewhere.sealConfirmation(airtime);
      const here = await withSessionSecret(`${CURRENT_SECRET},${OLD_SECRET}`);
      expect(here.openConfirmation(sealed)).toBeNull();
    });
  });
});

describe("isExpired", () => {
  it("gives confirmations 15 minutes", async () => {
    const { CONFIRMATION_TTL_MS } = await withSessionSecret(CURRENT_SECRET);
    expect(CONFIRMATION_TTL_MS).toBe(15 * 60_000);
  });

  it.each([
    { after: "the moment it was issued", elapsedMs: 0, expired: false },
    { after: "14 minutes", elapsedMs: 14 * 60_000, expired: false },
    { after: "exactly 15 minutes", elapsedMs: 15 * 60_000, expired: false },
    { after: "15 minutes and 1 ms", elapsedMs: 15 * 60_000 + 1, expired: true },
    { after: "an hour", elapsedMs: 60 * 60_000, expired: true },
  ])("a confirmation is expired=$expired after $after", async ({ elapsedMs, expired }) => {
    const { isExpired } = await withSessionSecret(CURRENT_SECRET);
    expect(isExpired(airtime, ISSUED_AT + elapsedMs)).toBe(expired);
  });

  it("reads the clock when no time is given", async () => {
    const { isExpired } = await withSessionSecret(CURRENT_SECRET);
    expect(isExpired({ ...airtime, issuedAt: Date.now() })).toBe(false);
    expect(isExpired({ ...airtime, issuedAt: Date.now() - 16 * 60_000 })).toBe(true);
  });
});
