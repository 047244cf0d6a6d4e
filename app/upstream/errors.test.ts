import { describe, expect, it } from "vitest";
import { inPortalNames, UpstreamError, withFieldNames } from "./errors.ts";

// A refusal's field errors leave app/upstream under the names the portal's forms use.

const NAMES = { first_name: "firstName", username: "email", "profile.phone_no": "phone" };

describe("withFieldNames", () => {
  it.each([
    ["a named field", { first_name: ["Required."] }, { firstName: ["Required."] }],
    ["a nested field", { "profile.phone_no": ["Invalid phone."] }, { phone: ["Invalid phone."] }],
    ["a field with no portal name", { nickname: ["Too long."] }, { nickname: ["Too long."] }],
    [
      "both at once",
      { username: ["Taken."], non_field_errors: ["No."] },
      { email: ["Taken."], non_field_errors: ["No."] },
    ],
    ["no field errors", {}, {}],
  ])("renames %s", (_case, upstream, portal) => {
    const renamed = withFieldNames(
      new UpstreamError("rejected", "Refused.", { status: 400, code: "invalid", fieldErrors: upstream }),
      NAMES,
    );
    expect(renamed.fieldErrors).toEqual(portal);
    expect(renamed).toMatchObject({ kind: "rejected", message: "Refused.", status: 400, code: "invalid" });
  });
});

describe("inPortalNames", () => {
  it("passes a success through", async () => {
    await expect(inPortalNames(Promise.resolve("ok"), NAMES)).resolves.toBe("ok");
  });

  it("renames an UpstreamError's fields", async () => {
    const call = Promise.reject(
      new UpstreamError("rejected", "Refused.", { fieldErrors: { first_name: ["Required."] } }),
    );
    await expect(inPortalNames(call, NAMES)).rejects.toMatchObject({ fieldErrors: { firstName: ["Required."] } });
  });

  it("leaves any other error as it is", async () => {
    const error = new TypeError("bug");
    await expect(inPortalNames(Promise.reject(error), NAMES)).rejects.toBe(error);
  });
});
