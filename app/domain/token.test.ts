import { describe, expect, it } from "vitest";
import { groupToken } from "./token.ts";

describe("groupToken", () => {
  it.each([
    ["12345678901234567890", "1234 5678 9012 3456 7890"],
    ["1234-5678-9012-3456-7890", "1234 5678 9012 3456 7890"],
    ["1234 5678 9012 3456 7890", "1234 5678 9012 3456 7890"],
    ["  1234-5678  9012-3456-7890 ", "1234 5678 9012 3456 7890"],
    ["123456789012345678901", "1234 5678 9012 3456 7890 1"],
    ["1234567", "1234 567"],
    ["1234", "1234"],
  ])("groups %j as %j", (token, expected) => {
    expect(groupToken(token)).toBe(expected);
  });

  it.each([
    ["", ""],
    ["   ", ""],
    ["TOKEN-ABC-123", "TOKEN-ABC-123"],
    [" 1234/5678 ", "1234/5678"],
  ])("leaves %j as %j: not a token of digits", (token, expected) => {
    expect(groupToken(token)).toBe(expected);
  });
});
