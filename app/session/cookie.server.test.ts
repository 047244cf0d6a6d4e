import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie, sign, unsign } from "./cookie.server.ts";

const OLD_SECRET = "an-older-secret-of-32-characters";
const SECRET = "the-current-secret-32-characters";
const flags = { httpOnly: true, sameSite: "lax", path: "/", secure: false, maxAge: 1800 } as const;

/** React Router's own cookie with the same name, flags and secrets: the format to match. */
const theirs = (secrets: string[]) => createCookie("__session", { ...flags, secrets });
const ours = (secrets: string[]) => createSignedCookie("__session", { ...flags, secrets });

/** The `name=value` part of a Set-Cookie header, as the browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

const values: [string, unknown][] = [
  ["a session", { token: "abc.def", createdAt: 1_764_000_000_000, seenAt: 1_764_000_060_000 }],
  ["a flash message with naira and accents", { toast: { type: "success", message: "₦1,234.50 sent to Adébáyọ̀" } }],
  ["a CSRF token", "Qm9vbS1ib29tLXRva2VuLXdpdGgtKy1hbmQtLw"],
  ["an empty object", {}],
];

describe("createSignedCookie reads and writes React Router's signed cookies", () => {
  it.each(values)("reads %s that React Router signed", async (_label, value) => {
    const header = sentBack(await theirs([SECRET]).serialize(value));
    expect(await ours([SECRET]).parse(header)).toEqual(value);
  });

  it.each(values)("writes %s so that React Router reads it", async (_label, value) => {
    const header = sentBack(await ours([SECRET]).serialize(value));
    expect(await theirs([SECRET]).parse(header)).toEqual(value);
  });

  it.each(values)("writes %s byte for byte as React Router does", async (_label, value) => {
    expect(await ours([SECRET]).serialize(value)).toBe(await theirs([SECRET]).serialize(value));
  });

  it("signs with the first secret and still reads cookies signed with an older one", async () => {
    const old = sentBack(await ours([OLD_SECRET]).serialize({ token: "t" }));
    const rotated = ours([SECRET, OLD_SECRET]);
    expect(await rotated.parse(old)).toEqual({ token: "t" });
    expect(await theirs([SECRET]).parse(sentBack(await rotated.serialize({ token: "t" })))).toEqual({ token: "t" });
  });

  it.each([
    ["signed with another secret", async () => sentBack(await ours([OLD_SECRET]).serialize({ token: "t" }))],
    [
      "with its value changed after signing",
      async () => {
        const header = sentBack(await ours([SECRET]).serialize({ token: "t" }));
        const [name, signed = ""] = header.split("=", 2);
        const dot = decodeURIComponent(signed).lastIndexOf(".");
        const forged = Buffer.from(JSON.stringify({ token: "admin" })).toString("base64");
        return `${name}=${encodeURIComponent(forged + decodeURIComponent(signed).slice(dot))}`;
      },
    ],
    ["with no signature", async () => `__session=${Buffer.from('{"token":"t"}').toString("base64")}`],
    ["with a cut signature", async () => sentBack(await ours([SECRET]).serialize({ token: "t" })).slice(0, -4)],
  ])("refuses a cookie %s, as React Router does", async (_label, header) => {
    const cookie = await header();
    expect(await ours([SECRET]).parse(cookie)).toBeNull();
    expect(await theirs([SECRET]).parse(cookie)).toBeNull();
  });

  it.each([
    ["no Cookie header", null, null],
    ["a header without this cookie", "other=1; __csrf=x", null],
    ["this cookie empty", "__session=", ""],
  ])("answers as React Router for %s", async (_label, header, expected) => {
    expect(await ours([SECRET]).parse(header)).toBe(expected);
    expect(await theirs([SECRET]).parse(header)).toBe(expected);
  });

  it("clears the cookie with the same header as React Router", async () => {
    const clear = { expires: new Date(0), maxAge: undefined };
    expect(await ours([SECRET]).serialize("", clear)).toBe(await theirs([SECRET]).serialize("", clear));
  });

  it("says it is signed and when it would expire", () => {
    const cookie = ours([SECRET]);
    expect(cookie.name).toBe("__session");
    expect(cookie.isSigned).toBe(true);
    const expires = cookie.expires?.getTime() ?? 0;
    expect(Math.abs(expires - (Date.now() + 1_800_000))).toBeLessThan(1000);
  });

  it("will not make a cookie that nobody signs", () => {
    expect(() => createSignedCookie("__session", { secrets: [] })).toThrow(/at least one secret/);
  });
});

describe("sign and unsign", () => {
  it.each([
    ["the value signed with the only secret", [SECRET], "value"],
    ["the value signed with any of the secrets", [OLD_SECRET, SECRET], "value"],
    ["null for another secret", [OLD_SECRET], null],
  ])("give %s", (_label, secrets, expected) => {
    expect(unsign(sign("value", SECRET), secrets)).toBe(expected);
  });

  it("keep dots inside the value", () => {
    expect(unsign(sign("a.b.c", SECRET), [SECRET])).toBe("a.b.c");
  });

  it("give null for text without a dot", () => {
    expect(unsign("no-signature-here", [SECRET])).toBeNull();
  });
});
