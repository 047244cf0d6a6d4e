import { describe, expect, it } from "vitest";
import {
  hashOtpCode,
  hashPassword,
  hashPasswordSync,
  newOtpCode,
  newToken,
  sameHex,
  sha256Hex,
  verifyNobodysPassword,
  verifyPassword,
} from "./secrets.ts";

describe("passwords", () => {
  it("hash with scrypt and a random 16-byte salt, in scrypt$N$r$p$salt$hash form", async () => {
    const first = await hashPassword("Kano-2026-pass");
    const second = hashPasswordSync("Kano-2026-pass");
    for (const stored of [first, second]) {
      const [scheme, n, r, p, salt, key] = stored.split("$");
      expect([scheme, n, r, p]).toEqual(["scrypt", "16384", "8", "1"]);
      expect(Buffer.from(salt ?? "", "base64url")).toHaveLength(16);
      expect(Buffer.from(key ?? "", "base64url")).toHaveLength(32);
      expect(stored).not.toContain("Kano-2026-pass");
    }
    expect(first).not.toBe(second);
  });

  it("verify the right password only", async () => {
    const stored = await hashPassword("Kano-2026-pass");
    expect(await verifyPassword("Kano-2026-pass", stored)).toBe(true);
    expect(await verifyPassword("kano-2026-pass", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
    expect(await verifyNobodysPassword("Kano-2026-pass")).toBe(false);
  });

  it("refuse malformed or abusive stored hashes instead of throwing", async () => {
    const stored = await hashPassword("Kano-2026-pass");
    const [, , , , salt, key] = stored.split("$");
    for (const tampered of [
      "",
      "plain-text-password",
      `bcrypt$16384$8$1$${salt}$${key}`,
      `scrypt$1048576$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`,
      `scrypt$16384$99$1$${salt}$${key}`,
      `scrypt$16384$8$1$$${key}`,
      `scrypt$16384$8$1$${salt}$AAAA`,
      `${stored}$extra`,
    ]) {
      expect(await verifyPassword("Kano-2026-pass", tampered)).toBe(false);
    }
  });
});

describe("tokens and codes", () => {
  it("make 32-byte base64url tokens that do not repeat", () => {
    const tokens = new Set(Array.from({ length: 200 }, newToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("make 4-digit OTPs, leading zeros kept", () => {
    const codes = Array.from({ length: 2000 }, newOtpCode);
    for (const code of codes) {
      expect(code).toMatch(/^\d{4}$/);
    }
    expect(codes.some((code) => code.startsWith("0"))).toBe(true);
  });

  it("hash OTPs with their salt and compare hashes in constant time", () => {
    expect(hashOtpCode("0420", "salt-a")).not.toBe(hashOtpCode("0420", "salt-b"));
    expect(sameHex(hashOtpCode("0420", "s"), hashOtpCode("0420", "s"))).toBe(true);
    expect(sameHex(hashOtpCode("0420", "s"), hashOtpCode("0421", "s"))).toBe(false);
    expect(sameHex("", "")).toBe(false);
    expect(sameHex("abcd", "abcdef")).toBe(false);
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
