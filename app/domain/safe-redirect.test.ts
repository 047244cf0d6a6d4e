import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/receipt/12", "/dashboard/receipt/12"],
    ["/dashboard/transactions?sort=amount&dir=asc", "/dashboard/transactions?sort=amount&dir=asc"],
    ["/dashboard/../profile", "/profile"],
    ["/dashboard/transactions?q=%5C%2F%2F", "/dashboard/transactions?q=%5C%2F%2F"],
    ["/dashboard/receipt/A%20B", "/dashboard/receipt/A%20B"],
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
    ["/%5Cevil.example"],
    ["/%5cevil.example"],
    ["/%2F/evil.example"],
    ["/%2f%2fevil.example"],
    ["/%09/evil.example"],
    ["/%E0%A4%A"],
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
