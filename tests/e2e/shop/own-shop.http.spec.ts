import type { APIRequestContext, APIResponse } from "@playwright/test";
import { recordTransaction } from "../../../sandbox/money/transactions.ts";
import { createBuyer } from "../support/accounts.ts";
import { catalogProvider } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { fieldValue, formHeaders, postFormWithHeaders } from "../support/http.ts";
import { sandboxDatabase, userId } from "../support/sandbox.ts";
import { sessionCookieFor } from "../support/session.ts";

// Decision 085 over HTTP: a shop's sale and its name are its own. Another account can neither
// read a purchase's Sold for nor set one on it (its receipt is "not found" to them), and its own
// shop name never reaches the first account's customer copy. The store's tests check the same
// rows on both engines (app/settings/shop.server.test.ts).

const MTN = catalogProvider("airtime", "MTN");

/** A delivered ₦500 airtime purchase in the buyer's history, as the sandbox records one. */
function boughtAirtime(email: string): number {
  const db = sandboxDatabase();
  try {
    const recorded = recordTransaction(db, {
      userId: userId(db, email),
      product: "airtime",
      subcategoryId: MTN.id,
      plan: "MTN Airtime",
      phoneNumber: "08031234567",
      description: "MTN airtime of ₦500.00 to 08031234567",
      subtotalKobo: 500_00,
      amountKobo: 485_00,
      createdAt: new Date().toISOString(),
      status: 1,
    });
    if (!recorded.ok) throw new Error("could not record the purchase");
    return recorded.transaction.id;
  } finally {
    db.close();
  }
}

type Shopper = {
  request: APIRequestContext;
  post: (path: string, form: Record<string, string>) => Promise<APIResponse>;
};

/** A browser signed in as a new buyer, posting its forms with the CSRF token its pages carry. */
async function shopper(
  newContext: (options: object) => Promise<APIRequestContext>,
  origin: string,
  tag: string,
): Promise<Shopper & { email: string }> {
  const person = await createBuyer(tag, { balanceKobo: 1_000_00 });
  const [name = "", value = ""] = (await sessionCookieFor(person)).split(/=(.*)/s);
  const host = new URL(origin).hostname;
  const request = await newContext({
    baseURL: origin,
    storageState: {
      cookies: [{ name, value, domain: host, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }],
      origins: [],
    },
  });
  return {
    email: person.email,
    request,
    async post(path, form) {
      const csrf = fieldValue(await (await request.get("/dashboard/profile")).text(), "csrf");
      return postFormWithHeaders(request, path, { csrf, ...form }, formHeaders(origin));
    },
  };
}

test("another account neither sees nor sets a purchase's Sold for, and its shop name stays its own", async ({
  playwright,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const newContext = (options: object) => playwright.request.newContext(options);
  const seller = await shopper(newContext, origin, "own-shop-seller");
  const other = await shopper(newContext, origin, "own-shop-other");
  const id = boughtAirtime(seller.email);
  const receipt = `/dashboard/receipt/${id}`;

  expect((await seller.post(receipt, { intent: "sold-for", soldFor: "520" })).status()).toBe(302);
  expect((await other.post("/dashboard/profile", { intent: "shop", shopName: "Other Shop" })).status()).toBe(302);

  // The other account: the purchase is not found, to read, to copy or to price.
  expect((await other.request.get(receipt)).status()).toBe(404);
  expect((await other.request.get(`${receipt}/customer-copy`)).status()).toBe(404);
  expect((await other.post(receipt, { intent: "sold-for", soldFor: "1" })).status()).toBe(404);
  const otherProfit = await (await other.request.get("/dashboard/profit")).text();
  expect(otherProfit).not.toContain("₦520.00");

  // The seller's own: its price, unchanged, under the portal's name, not the other's shop.
  expect(await (await seller.request.get(receipt)).text()).toContain("₦520.00");
  const copy = await (await seller.request.get(`${receipt}/customer-copy`)).text();
  expect(copy).toContain("₦520.00");
  expect(copy).not.toContain("Other Shop");
  const profit = await (await seller.request.get("/dashboard/profit")).text();
  expect(profit).toContain("₦520.00");
  expect(profit).toContain("₦35.00");
});
