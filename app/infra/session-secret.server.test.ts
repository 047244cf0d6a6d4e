import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";
import { keepSessionSecret, sessionSecretPath } from "./session-secret.server.ts";

// A production portal without SESSION_SECRET signs with a secret of its own, kept on the data
// volume, never with the development value printed in the source (decision 068).

const PUBLISHED = "development-only-session-secret-change-me";

const folders: string[] = [];
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), "session-secret-"));
  folders.push(path);
  return path;
}
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

describe("sessionSecretPath", () => {
  it.each([
    [undefined, "data/session-secret"],
    ["file:/data/portal.db", "/data/session-secret"],
    ["file:./var/portal.db", "var/session-secret"],
    ["postgres://portal:pw@db:5432/portal", "/data/session-secret"],
  ])("keeps the secret for DATABASE_URL=%s in %s", (databaseUrl, path) => {
    expect(sessionSecretPath(databaseUrl, "/data/sandbox.db")).toBe(path);
  });
});

describe("keepSessionSecret", () => {
  it("makes a long random secret once, readable by its owner alone, and reads it back after", () => {
    const path = join(folder(), "volume", "session-secret");
    const first = keepSessionSecret(path);
    expect(first.created).toBe(true);
    expect(first.secret).toMatch(/^[\w-]{43}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(keepSessionSecret(path)).toEqual({ secret: first.secret, created: false });
    expect(keepSessionSecret(join(folder(), "session-secret")).secret).not.toBe(first.secret);
  });

  it("refuses a file that holds no secret rather than signing with it", () => {
    const path = join(folder(), "session-secret");
    writeFileSync(path, "short\n");
    expect(() => keepSessionSecret(path)).toThrow(/remove it to make a new one/);
  });
});

describe("parseEnv's session secret", () => {
  it("in production without SESSION_SECRET, is the kept one, never the published value", () => {
    const directory = folder();
    const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: `file:${join(directory, "portal.db")}` });
    const path = join(directory, "session-secret");
    expect(env.SESSION_SECRET).toEqual([readFileSync(path, "utf8").trim()]);
    expect(env.SESSION_SECRET).not.toContain(PUBLISHED);
    expect(env.sessionSecretSource).toEqual({ from: "file", path, created: true });
  });

  it("takes SESSION_SECRET when it is set, and the development value outside production", () => {
    const keep = () => {
      throw new Error("no file is needed");
    };
    const given = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "given-secret-0123456789" }, keep);
    expect(given.SESSION_SECRET).toEqual(["given-secret-0123456789"]);
    expect(given.sessionSecretSource).toEqual({ from: "SESSION_SECRET" });
    expect(parseEnv({ NODE_ENV: "development" }, keep).sessionSecretSource).toEqual({ from: "development value" });
  });

  it("stops the start with the file's name when no secret can be kept", () => {
    const keep = () => {
      throw new Error("EACCES: permission denied");
    };
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "file:/data/portal.db" }, keep)).toThrow(
      /SESSION_SECRET: unset, and no secret could be kept in \/data\/session-secret \(EACCES/,
    );
  });
});
