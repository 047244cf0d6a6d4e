import { expect, test } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { type Answer, optionsOf, pressIntent, readPage, Visitor } from "../support/crawl.ts";
import { TEST_NUMBERS } from "../support/purchase.ts";
import { seedSaved } from "../support/saved.ts";
import { sessionCookieFor } from "../support/session.ts";

// Decision 086 over HTTP, as a browser without JavaScript reaches it: one account's customer
// list is never another's (not listed, not filling a form by its id, not deleted by it); a
// purchase's result offers WhatsApp and SMS to the number it was for.

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

  const reviewed = await pressIntent(owner, await owner.get(BULK_PATH), "review", {
    product: "airtime",
    numbers: "08061110001\n08061110002",
    amount: "100",
  });
  const saved = await pressIntent(owner, reviewed, "save-list", { listName: "Office staff" });
  expect(saved.html).toContain("Saved the list Office staff. Numbers in it: 2.");
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

test("an airtime purchase's result sends to the number it was for, by WhatsApp and by SMS", async ({ baseURL }) => {
  const buyer = await createBuyer("send-result", { balanceKobo: 1_000_00 });
  const visitor = new Visitor(baseURL ?? "", "en-NG", [await sessionCookieFor(buyer)]);
  const form = await visitor.get("/dashboard/purchase-airtime");
  const mtn = optionsOf(form.html, "provider").find((option) => option.text.startsWith("MTN"));
  const confirmation = await pressIntent(visitor, form, "process", {
    provider: mtn?.value ?? "",
    phone: TEST_NUMBERS.delivered,
    amount: "100",
  });
  const result = await pressIntent(visitor, confirmation, "confirm", {});
  expect(result.html).toMatch(
    /href="https:\/\/wa\.me\/2348011111111\?text=Product%3A%20Airtime%0APlan%3A%20MTN%20Airtime%0AValue%3A%20%E2%82%A6100\.00/,
  );
  expect(result.html).toMatch(/href="sms:\+2348011111111\?body=Product%3A%20Airtime/);
  expect(result.html).toContain("SMS to 08011111111");
});

test("a list made from saved numbers: a blank name refused beside it with the ticks kept, then saved", async ({
  baseURL,
}) => {
  const person = await createBuyer("lists-saved", { balanceKobo: 0 });
  seedSaved(person.email, [
    { name: "Pastor Bayo", kind: "phone", number: "08061110003" },
    { name: "Deaconess Ify", kind: "phone", number: "08061110004" },
  ]);
  const visitor = new Visitor(baseURL ?? "", "en-NG", [await sessionCookieFor(person)]);
  const page = await visitor.get(LISTS_PATH);
  const refused = await pressIntent(visitor, page, "create", { name: "  ", number: "08061110003" });
  expect(refused.status).toBe(400);
  expect(refused.html).toMatch(/id="list-name-error"[^>]*>Enter a name for the list</);
  expect(refused.html).toMatch(/checked="" value="08061110003"/);
  expect(refused.html).not.toMatch(/checked="" value="08061110004"/);
  const saved = await pressIntent(visitor, refused, "create", { name: "Church data", number: "08061110003" });
  expect(saved.html).toContain("Saved the list Church data. Numbers in it: 1.");
  expect(saved.html).toMatch(/<strong>Church data<\/strong> <span>Numbers: 1<\/span>/);
});
