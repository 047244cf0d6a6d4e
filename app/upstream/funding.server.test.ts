import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../infra/log.server.ts", () => ({
  log: () => undefined,
  errorFields: (error: unknown) => ({ error: String(error) }),
}));

import { UpstreamError } from "./errors.ts";
import { createReservedAccount, KycRequiredError } from "./funding.server.ts";
import { setUpstreamTarget } from "./transport.server.ts";

// Call 44's refusals: one that asks for a BVN or NIN is a KycRequiredError, so the page can
// say where to add one without reading the upstream's words.

const CALLER = { requestId: "req-kyc", token: "t0ken" };

function answering(status: number, body: unknown) {
  setUpstreamTarget({
    transport: async () =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
    baseUrl: "http://upstream.test",
    assetBase: "",
  });
}

afterEach(() => {
  setUpstreamTarget(undefined);
});

async function refusal(): Promise<unknown> {
  try {
    await createReservedAccount(CALLER, "sterling");
  } catch (error) {
    return error;
  }
  throw new Error("call 44 succeeded but a refusal was expected");
}

describe("createReservedAccount's refusals", () => {
  it.each([
    ["names a BVN or NIN", "Please add your BVN or NIN on your profile before creating a reserved account.", true],
    ["names only a NIN", "A NIN is required.", true],
    ["names only a BVN", "Your BVN could not be verified.", true],
    ["says something else", "Account already exists.", false],
    ["has the letters inside a word", "Unbvnknown SNINE error.", false],
  ])("when the message %s, KycRequiredError is %s", async (_case, message, needsKyc) => {
    answering(400, { status: 400, message });
    const error = await refusal();
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error instanceof KycRequiredError).toBe(needsKyc);
    expect(error).toMatchObject({ kind: "rejected", message, status: 400 });
  });

  it("does not call an outage a KYC refusal", async () => {
    answering(502, { message: "BVN service down" });
    const error = await refusal();
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(KycRequiredError);
  });

  it("answers the upstream's message on success", async () => {
    answering(200, { status: 200, message: "Account created" });
    await expect(createReservedAccount(CALLER, "wema")).resolves.toBe("Account created");
  });
});
