import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/receipt/12", "/dashboard/receipt/12"],
    ["/dashboard/transactions?sort=amount&dir=asc", "/dashboard/transactions?sort=amount&dir=asc"],
    ["/dashboard/../profile", "/profile"],
  ])("keeps the same-site path %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    ["//evil.example"],
    ["//evil.example/dashboard"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\tevil"],
    ["/\n/evil.example"],
    ["https://evil.example/dashboard"],
    ["http:evil.example"],
    ["javascript:alert(1)"],
    ["dashboard"],
    [""],
    [" /dashboard"],
  ])("refuses %j and falls back", (target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
  });

  it.each([[undefined], [null], [42], [["/dashboard"]]])("refuses a non-string %j", (target) => {
    expect(safeRedirectPath(target, "/")).toBe("/");
  });
});
