import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The decision records and the docs a newcomer starts from, kept true as they change: every
// record dated, with a status naming only records that exist, listed in the index; and no
// document pointing at a file outside the repository.

const DECISIONS = new URL("../../docs/decisions/", import.meta.url);
const records = readdirSync(DECISIONS)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const numbers = new Set(records.map((name) => name.slice(0, 3)));

function head(name: string): string {
  return readFileSync(new URL(name, DECISIONS), "utf8").split("\n").slice(0, 6).join("\n");
}

describe("the decision records", () => {
  it.each(records)("%s has a date and a status that names only records that exist", (name) => {
    const top = head(name);
    expect(top).toMatch(new RegExp(`^# ${name.slice(0, 3)}\\. `));
    expect(top).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    const status = /^Status: (.+)$/m.exec(top)?.[1] ?? "";
    expect(status).toMatch(/^(accepted|amended by|superseded by)/);
    for (const cited of status.matchAll(/\b(\d{3})\b/g)) expect(numbers).toContain(cited[1]);
  });

  it("are all listed in the index, each once", () => {
    const index = readFileSync(new URL("README.md", DECISIONS), "utf8");
    const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((link) => link[1]);
    expect(listed.sort()).toEqual(records);
  });
});

describe("the documents a newcomer starts from", () => {
  const root = new URL("../../", import.meta.url);
  const documents = [
    "README.md",
    ...readdirSync(new URL("docs/", root))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ];

  it.each(documents)("%s points at nothing outside the repository", (path) => {
    const text = readFileSync(new URL(path, root), "utf8");
    expect(text).not.toMatch(/\.\.\/shared\/|\b(SPEC|DESIGN|CONTRACT)\.md\b/);
  });
});
