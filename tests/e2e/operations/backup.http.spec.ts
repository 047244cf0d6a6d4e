import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { batchPathOf, openForm, postBulk, review } from "../support/bulk-http.ts";
import { AIRTIME, csrfOf, postForm, processAirtime, signInOver } from "../support/http.ts";
import { wallet } from "../support/money.ts";
import { confirmWithPin, LOCKED, PIN, setPinOver, WRONG_PIN } from "../support/pin.ts";
import { type Portal, startPortal } from "../../support/portal-process.ts";

// Decision 068: the operator's one backup command (docs/operating.md), run while the portal
// serves and writes, makes a copy that a fresh portal starts on with everything kept: a PIN
// still buys, a lock still holds, a saved number, a sign-in and a bulk batch are still there.
// The fresh portal has the same SESSION_SECRET and the same upstream (here the sandbox's
// file), as a restored deployment has: the backup is of the portal's own data.

const ROOT = process.cwd();
const ORDER = { phone: "08012345678", amount: "500" };
const run = promisify(execFile);

test("a backup taken while the portal serves restores PINs, locks, saved numbers, sign-ins and batches", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const secret = randomBytes(24).toString("hex");
  const folder = await mkdtemp(join(tmpdir(), "portal-backup-"));
  const portals: Portal[] = [];
  const contexts: APIRequestContext[] = [];
  const context = async (origin: string, from?: APIRequestContext) => {
    const made = await playwright.request.newContext({
      baseURL: origin,
      ...(from === undefined ? {} : { storageState: await from.storageState() }),
    });
    contexts.push(made);
    return made;
  };
  try {
    const original = await startPortal(ROOT, { SESSION_SECRET: secret });
    portals.push(original);
    const database = original.sandboxDatabase;
    const [ada, bayo, chidi] = await Promise.all(
      ["backup-pin", "backup-locked", "backup-batch"].map((tag) =>
        createBuyer(tag, { balanceKobo: 5_000_00, database }),
      ),
    );
    if (!ada || !bayo || !chidi) throw new Error("three buyers");
    const [adaApi, bayoApi, chidiApi] = await Promise.all([1, 2, 3].map(() => context(original.origin)));
    if (!adaApi || !bayoApi || !chidiApi) throw new Error("three request contexts");

    // Ada: a PIN, a saved number, a confirmation to come back to. Bayo: locked. Chidi: a batch.
    await signInOver(adaApi, original.origin, ada);
    expect((await setPinOver(adaApi, original.origin)).status()).toBe(302);
    const saveNumber = async (name: string, number: string) => {
      const page = await (await adaApi.get("/dashboard/saved-numbers")).text();
      const fields = { csrf: csrfOf(page), intent: "add", name, kind: "phone", number };
      return postForm(adaApi, original.origin, "/dashboard/saved-numbers", fields);
    };
    expect((await saveNumber("Baba Tunde", "08030000002")).status()).toBe(302);
    const adaConfirmation = await processAirtime(adaApi, original.origin, ORDER);
    await signInOver(bayoApi, original.origin, bayo);
    expect((await setPinOver(bayoApi, original.origin)).status()).toBe(302);
    const bayoConfirmation = await processAirtime(bayoApi, original.origin, ORDER);
    for (let press = 0; press < 5; press += 1)
      await confirmWithPin(bayoApi, original.origin, bayoConfirmation, WRONG_PIN);
    await signInOver(chidiApi, original.origin, chidi);
    const { confirm } = await review(chidiApi, original.origin, await openForm(chidiApi, original.origin), {
      numbers: ["08035000001", "08035000002"],
      amount: "100",
    });
    const batch = batchPathOf(await postBulk(chidiApi, original.origin, confirm));

    // The backup, while Ada keeps saving numbers.
    const copy = join(folder, "backup.db");
    const writes = Array.from({ length: 8 }, (_, index) => saveNumber(`Neighbour ${index}`, `0803100000${index}`));
    const backup = run(process.execPath, ["scripts/backup.ts", copy], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: original.databaseUrl },
    });
    const [{ stdout }] = await Promise.all([backup, ...writes]);
    expect(stdout).toMatch(/^backup: .+ copied to .+backup\.db \(\d+ bytes, integrity ok\) in \d+ ms\n$/);

    // A fresh portal on the copy: the same secret and upstream, nothing else of the original's.
    const restored = await startPortal(ROOT, {
      SESSION_SECRET: secret,
      SANDBOX_DB: database,
      DATABASE_URL: `file:${copy}`,
    });
    portals.push(restored);
    const [adaAfter, bayoAfter, chidiAfter] = await Promise.all(
      [adaApi, bayoApi, chidiApi].map((api) => context(restored.origin, api)),
    );
    if (!adaAfter || !bayoAfter || !chidiAfter) throw new Error("three restored contexts");

    const saved = await adaAfter.get("/dashboard/saved-numbers", { maxRedirects: 0 });
    expect(saved.status(), "Ada is still signed in").toBe(200);
    expect(await saved.text()).toContain("Baba Tunde");
    const bought = await confirmWithPin(adaAfter, restored.origin, adaConfirmation, PIN);
    expect(bought.status(), "Ada's PIN still buys").toBe(302);
    expect(bought.headers()["location"]).toBe(AIRTIME);
    expect(wallet(ada.email, database).debits).toBe(1);
    const locked = await confirmWithPin(bayoAfter, restored.origin, bayoConfirmation, PIN);
    expect(await locked.text(), "Bayo is still locked").toMatch(LOCKED);
    expect((await chidiAfter.get(batch, { maxRedirects: 0 })).status(), "Chidi's batch is still there").toBe(200);
  } finally {
    await Promise.all(contexts.map((made) => made.dispose()));
    await Promise.all(portals.map((portal) => portal.stop()));
    await rm(folder, { recursive: true, force: true });
  }
});
