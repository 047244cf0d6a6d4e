import { expect, test } from "@playwright/test";
import { type Answer, press, readPage, Visitor } from "../languages/crawl-support.ts";
import { createBuyer } from "../purchase/support.ts";
import { sessionCookieFor } from "../sign-in.ts";

// Decision 086: one account's customer list is never another's, over HTTP as a browser without
// JavaScript reaches it: not listed, not filling a form by its id, not deleted by it.

const LISTS_PATH = "/dashboard/customer-lists";
const BULK_PATH = "/dashboard/bulk-purchase";
const GONE = "That list is not there any more.";

function csrfOf(answer: Answer): string {
  const csrf = readPage(answer.html).forms.find((form) => form.fields["csrf"])?.fields["csrf"];
  if (csrf === undefined) throw new Error(`no form with a CSRF token on ${answer.path}`);
  return csrf;
}

test("another account's customer list is not listed, does not fill the form, and cannot be deleted", async ({
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const owner = new Visitor(origin, "en-NG", [
    await sessionCookieFor(await createBuyer("lists-owner", { balanceKobo: 0 })),
  ]);
  const other = new Visitor(origin, "en-NG", [
    await sessionCookieFor(await createBuyer("lists-other", { balanceKobo: 0 })),
  ]);

  const reviewed = await press(owner, await owner.get(BULK_PATH), "review", {
    product: "airtime",
    numbers: "08061110001\n08061110002",
    amount: "100",
  });
  const saved = await press(owner, reviewed, "save-list", { listName: "Office staff" });
  expect(saved.html).toContain("Saved the list Office staff with 2 numbers.");
  const ownLists = await owner.get(LISTS_PATH);
  const id = /href="\/dashboard\/bulk-purchase\?list=(\d+)"/.exec(ownLists.html)?.[1] ?? "";
  expect(id).toMatch(/^\d+$/);
  expect((await owner.get(`${BULK_PATH}?list=${id}`)).html).toContain("08061110001\n08061110002");

  const theirLists = await other.get(LISTS_PATH);
  expect(theirLists.html).not.toContain("Office staff");
  const filled = await other.get(`${BULK_PATH}?list=${id}`);
  expect(filled.status).toBe(200);
  expect(filled.html).toContain(GONE);
  expect(filled.html).not.toContain("08061110001");
  const deleted = await other.post(LISTS_PATH, { csrf: csrfOf(theirLists), intent: "delete", id });
  expect(deleted.html).toContain(GONE);

  expect((await owner.get(LISTS_PATH)).html).toContain("Office staff");
});
