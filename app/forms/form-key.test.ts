import { describe, expect, it } from "vitest";
import { formKey } from "./form-key.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POSTED = "0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b";

function posted(key?: string | Blob): FormData {
  const formData = new FormData();
  if (key !== undefined) formData.set("key", key);
  return formData;
}

describe("formKey", () => {
  it("keeps the posted key when it is a UUID", () => {
    expect(formKey(posted(POSTED))).toBe(POSTED);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["upper case", POSTED.toUpperCase()],
    ["too short", POSTED.slice(1)],
    ["with spaces", ` ${POSTED}`],
    ["not a UUID", "../../etc/passwd"],
    ["a file", new Blob([POSTED])],
  ])("makes a new UUID when the posted key is %s", (_case, key) => {
    const made = formKey(posted(key));
    expect(made).toMatch(UUID);
    expect(made).not.toBe(POSTED);
  });

  it("makes a different key each time", () => {
    expect(formKey(posted())).not.toBe(formKey(posted()));
  });
});
