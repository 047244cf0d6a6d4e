import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { parseForm } from "./submission.ts";

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const schema = z.object({
  name: z.string({ error: "Name is required" }),
  note: z.optional(z.string()),
  file: z.optional(z.file()),
});

describe("parseForm", () => {
  it.each([
    ["an empty box", [["name", ""]], { name: ["Name is required"] }],
    ["a box left out", [], { name: ["Name is required"] }],
    ["an empty optional box beside an empty required one", [["note", ""]], { name: ["Name is required"] }],
  ] satisfies [string, [string, string][], Record<string, string[]>][])("reads %s as missing", (_, entries, errors) => {
    const submission = parseForm(form(entries), schema);
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : null).toEqual(errors);
  });

  it("hands over what was typed, and leaves out empty optional boxes and unchosen files", () => {
    const submission = parseForm(
      form([
        ["name", "Ada"],
        ["note", ""],
        ["file", new File([], "")],
      ]),
      schema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" ? submission.value : null).toEqual({ name: "Ada" });
  });

  it("keeps a chosen file", () => {
    const file = new File(["08012345678"], "numbers.csv", { type: "text/csv" });
    const submission = parseForm(
      form([
        ["name", "Ada"],
        ["file", file],
      ]),
      schema,
    );
    expect(submission.status === "success" ? submission.value.file?.name : null).toBe("numbers.csv");
  });

  it("files each message under its field, and the form's own under the empty name", () => {
    const pair = z
      .object({ a: z.string(), b: z.string().check(z.minLength(3, "Too short")) })
      .check(z.refine((value) => value.a === value.b, "They differ"));
    const submission = parseForm(
      form([
        ["a", "xy"],
        ["b", "xy"],
      ]),
      pair,
    );
    expect(submission.status === "error" ? submission.error : null).toEqual({ b: ["Too short"] });
    const whole = parseForm(
      form([
        ["a", "abc"],
        ["b", "abd"],
      ]),
      pair,
    );
    expect(whole.status === "error" ? whole.error : null).toEqual({ "": ["They differ"] });
  });

  it("keeps every message a field has, in order", () => {
    const twice = z.object({
      code: z.string().check(z.minLength(4, "At least 4"), z.regex(/^\d+$/, "Digits only")),
    });
    const submission = parseForm(form([["code", "ab"]]), twice);
    expect(submission.status === "error" ? submission.error : null).toEqual({ code: ["At least 4", "Digits only"] });
  });
});

describe("a refused form's reply", () => {
  const login = z.object({ email: z.string({ error: "Email is required" }), password: z.string() });

  it("sends back what was typed, without the fields it hides, with the schema's messages", () => {
    const submission = parseForm(
      form([
        ["email", ""],
        ["password", "secret"],
        ["csrf", "token"],
      ]),
      login,
    );
    expect(submission.reply({ hideFields: ["password"] })).toEqual({
      values: { csrf: "token" },
      errors: { email: ["Email is required"] },
    });
  });

  it("adds the form's own messages and the upstream's beside a field, in place of the schema's there", () => {
    const submission = parseForm(
      form([
        ["email", "ada@example.com"],
        ["password", "secret"],
      ]),
      login,
    );
    const reply = submission.reply({
      formErrors: ["Invalid credentials"],
      fieldErrors: { email: ["Email is taken"], password: [] },
    });
    expect(reply).toEqual({
      values: { email: "ada@example.com", password: "secret" },
      errors: { "": ["Invalid credentials"], email: ["Email is taken"] },
    });
  });

  it("has no messages for a form the schema took and nobody refused", () => {
    const submission = parseForm(
      form([
        ["email", "ada@example.com"],
        ["password", "secret"],
      ]),
      login,
    );
    expect(submission.reply({ formErrors: [] }).errors).toEqual({});
  });
});
