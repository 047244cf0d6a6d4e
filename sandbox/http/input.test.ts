import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import {
  allIssues,
  email,
  field,
  firstIssue,
  nairaAmountWithin,
  phoneMessage,
  requiredText,
  text,
  whenValid,
} from "./input.ts";

// The pieces every call's checks are built from (decision 084): the words each answers
// with, and the order a refusal reports them in.

describe("text", () => {
  const name = requiredText("Name", 5);

  it.each([
    [undefined, { error: "Name is required." }],
    [null, { error: "Name is required." }],
    ["", { error: "Name is required." }],
    ["   ", { error: "Name is required." }],
    [7, { error: "Name must be text." }],
    [["Ada"], { error: "Name must be text." }],
    [" Ada ", { value: "Ada" }],
    ["Adaeze", { error: "Name must be at most 5 characters." }],
  ])("reads %j as %j", (input, expected) => {
    expect(firstIssue(name, input)).toEqual(expected);
  });

  it("keeps a password's spaces", () => {
    expect(firstIssue(text({ required: "r", notText: "t" }, false), " pass ")).toEqual({ value: " pass " });
  });

  it("reports a list once, not also as too long or too short", () => {
    const checked = allIssues(z.object({ name }), { name: ["a", "b", "c", "d", "e", "f"] });
    expect(checked).toEqual({ issues: [{ field: "name", message: "Name must be text." }] });
  });
});

describe("nairaAmountWithin", () => {
  const amount = nairaAmountWithin(100_00, 50_000_00);

  it.each([
    [undefined, { error: "Amount is required." }],
    ["", { error: "Amount is required." }],
    ["500.505", { error: "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50." }],
    [[500], { error: "Amount must be in naira with at most 2 decimals, e.g. 500 or 500.50." }],
    [99.99, { error: "Amount can not be less than ₦100.00." }],
    ["50000.01", { error: "Amount can not be more than ₦50,000.00." }],
    ["500.50", { value: 500_50 }],
  ])("reads %j as %j", (input, expected) => {
    expect(field({ amount: input }, "amount", amount)).toEqual(expected);
  });
});

describe("a form's first issue", () => {
  const form = z.object({
    name: requiredText("Name", 20),
    email: email({ required: "E-mail is required.", notText: "Bad e-mail.", invalid: "Bad e-mail." }),
  });

  it("is the first field's, in the schema's order, whatever the body's order", () => {
    expect(firstIssue(form, { email: "x", name: 7 })).toEqual({ error: "Name must be text." });
    expect(firstIssue(form, { name: "Ada", email: `${"a".repeat(250)}@example.com` })).toEqual({
      error: "Bad e-mail.",
    });
  });
});

describe("whenValid", () => {
  const form = z
    .object({
      password: text({ required: "r", notText: "t" }),
      password2: text({ required: "r", notText: "t" }),
      phone: text({ required: "r", notText: phoneMessage }),
    })
    .check(
      z.refine((body) => body.password === body.password2, {
        message: "Passwords differ.",
        path: ["password2"],
        when: whenValid("password", "password2"),
      }),
    );

  it("compares two valid fields while another field fails", () => {
    expect(allIssues(form, { password: "a", password2: "b", phone: 7 })).toEqual({
      issues: [
        { field: "phone", message: phoneMessage },
        { field: "password2", message: "Passwords differ." },
      ],
    });
  });

  it("does not compare a field that failed", () => {
    expect(allIssues(form, { password: "a", phone: "0" })).toEqual({ issues: [{ field: "password2", message: "r" }] });
  });
});
