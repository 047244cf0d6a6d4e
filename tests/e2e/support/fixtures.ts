import { basename } from "node:path";
import { test as base, type TestInfo } from "@playwright/test";
import { createBuyer, type Person, type UserLevel } from "./accounts.ts";
import { signIn } from "./session.ts";

// The browser tests' `test`: Playwright's, plus a signed-in buyer. Most tests open on an
// account of their own (verified, a known level, a funded wallet) with the page signed in as
// it; these fixtures do that, so a test starts at what it is about.
//
//   test.use({ buyerAccount: { balanceKobo: 1_000_00 } });
//   test("...", async ({ page, buyer }) => { ... });          // buyer: the file's account shape
//
//   test("...", async ({ page, signInBuyer }) => {
//     const buyer = await signInBuyer({ level: 2, balanceKobo: 30_000_00 });  // this test's own
//   });
//
// A test with two accounts, or one that signs in some other way, calls createBuyer and signIn
// itself.

export { expect } from "@playwright/test";

/** A buyer's account: its level (0 Normal to 3) and what the wallet was funded with, in kobo. */
export type BuyerAccount = { level?: UserLevel; balanceKobo: number };

type BuyerFixtures = {
  /** The account `buyer` is made with; set it for a file or a describe with test.use. An empty wallet by default. */
  buyerAccount: BuyerAccount;
  /** A fresh verified account of `buyerAccount`'s shape; `page` is signed in as it, at /dashboard. */
  buyer: Person;
  /** Makes a fresh verified account of this shape and signs `page` in as it, at /dashboard. */
  signInBuyer: (account: BuyerAccount) => Promise<Person>;
};

/** The email's tag: the spec and the test, so a row in the sandbox says whose it is. */
function accountTag(testInfo: TestInfo): string {
  const spec = basename(testInfo.file).replace(/\.spec\.ts$/, "");
  const title = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 24);
  return `${spec}-${title}`;
}

export const test = base.extend<BuyerFixtures>({
  buyerAccount: [{ level: 0, balanceKobo: 0 }, { option: true }],

  signInBuyer: async ({ page }, use, testInfo) => {
    await use(async (account) => {
      const person = await createBuyer(accountTag(testInfo), account);
      await signIn(page, person);
      return person;
    });
  },

  buyer: async ({ buyerAccount, signInBuyer }, use) => {
    await use(await signInBuyer(buyerAccount));
  },
});
