import { describe, expect, it } from "vitest";
import { allowAttempt } from "./attempts.server.ts";
import { createLimit } from "./rate-limit.server.ts";

describe("allowAttempt", () => {
  it("lets exactly the limit's number of attempts through, then refuses until the lock ends", async () => {
    const limit = createLimit({ name: "test", points: 3, windowSeconds: 600, lockSeconds: 600 }, null);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await allowAttempt(limit, "203.0.113.7"));
    expect(answers.slice(0, 3)).toEqual([null, null, null]);
    expect(answers[3]).toBeInstanceOf(Date);
    expect((answers[3]?.getTime() ?? 0) - Date.now()).toBeGreaterThan(590_000);
    expect(answers[4]).toBeInstanceOf(Date);
  });

  it("counts each key on its own", async () => {
    const limit = createLimit({ name: "test", points: 1, windowSeconds: 600, lockSeconds: 600 }, null);
    expect(await allowAttempt(limit, "a")).toBeNull();
    expect(await allowAttempt(limit, "a")).not.toBeNull();
    expect(await allowAttempt(limit, "b")).toBeNull();
  });
});
