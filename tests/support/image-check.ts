import { parseCsv, shownValue } from "../../app/domain/csv.ts";
import { parseTypedNaira } from "../../app/domain/money.ts";
import { type DemoAccount, demoAccounts } from "../../sandbox/seed/demo-accounts.ts";
import { send } from "../bench/http.ts";
import { inputValueFrom, signInAs } from "../bench/mix.ts";

// The HTTP half of scripts/image-test.sh (decision 040): what an operator's first minutes with
// the image would show, asked of a container the script started from the real image.
//   node tests/support/image-check.ts buy <origin>            pages, a sign-in and a purchase;
//                                                             prints what was bought, as JSON
//   node tests/support/image-check.ts kept <origin> '<json>'  that purchase and its balance,
//                                                             read back from another container

const AIRTIME = "/dashboard/purchase-airtime";
const HISTORY_CSV = "/dashboard/transactions.csv";
// The README's Normal demo account; the number is the sandbox's "delivered at once" test value.
const BUYER = "normal@payvend.test";
const ORDER = { provider: "1", phone: "08011111111", amount: "150" };
// The image asks for a transaction PIN on Confirm (TRANSACTION_PIN=required): the buyer sets
// one first, in the portal's own database on the volume.
const PIN = "2580";
const PROFILE = "/dashboard/profile";

/** What `buy` leaves for `kept` to find. */
type Bought = { email: string; reference: string; balanceKobo: number };

class CheckFailed extends Error {
  override name = "CheckFailed";
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

function step(message: string): void {
  process.stderr.write(`image-check: ${message}\n`);
}

async function page(origin: string, path: string, cookie = ""): Promise<string> {
  const answer = await send(`${origin}${path}`, { headers: cookie === "" ? {} : { Cookie: cookie } });
  check(answer.status === 200, `GET ${path} answered ${answer.status}, expected 200`);
  return answer.body.toString("utf8");
}

function postForm(origin: string, path: string, cookie: string, form: Record<string, string>) {
  return send(`${origin}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

/** The wallet balance the dashboard shows, in kobo. */
async function shownBalance(origin: string, cookie: string): Promise<number> {
  const shown = /<p class="balance">([^<]*)<\/p>/.exec(await page(origin, "/dashboard", cookie))?.[1] ?? "";
  const kobo = parseTypedNaira(shown);
  check(kobo !== null, `the dashboard shows no readable wallet balance ("${shown}")`);
  return kobo;
}

/** The history export's rows, each by its column names. */
async function history(origin: string, cookie: string): Promise<Record<string, string>[]> {
  const [header = [], ...rows] = parseCsv(await page(origin, HISTORY_CSV, cookie));
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, shownValue(row[index] ?? "")])));
}

function buyer(): DemoAccount {
  const account = demoAccounts.find((demo) => demo.email === BUYER);
  check(account !== undefined, `the sandbox has no ${BUYER} demo account`);
  return account;
}

/** The public side as a visitor meets it: health, the home page and its stylesheet, prices, the login page. */
async function publicPages(origin: string): Promise<void> {
  const health = await send(`${origin}/healthz`, {});
  check(health.status === 200, `GET /healthz answered ${health.status}`);
  const status = (JSON.parse(health.body.toString("utf8")) as { status?: unknown }).status;
  check(status === "ok", `GET /healthz says status ${String(status)}, expected "ok"`);
  const home = await page(origin, "/");
  check(home.includes("Payvend"), "the home page does not name the product");
  // The built assets are in the image too, not only the server bundle.
  const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
  check(stylesheet !== undefined, "the home page links no stylesheet from /assets/");
  await page(origin, stylesheet);
  check((await page(origin, "/pricing")).includes("MTN"), "the pricing page lists no MTN prices");
  check(inputValueFrom(await page(origin, "/login"), "csrf") !== "", "the login page has no CSRF token");
  step(`/healthz ok; /, ${stylesheet}, /pricing and /login served`);
}

/** A first transaction PIN, set on the profile page as a browser without JavaScript posts it. */
async function setPin(origin: string, cookie: string): Promise<void> {
  const profile = await page(origin, PROFILE, cookie);
  if (profile.includes("Current PIN")) return;
  const csrf = inputValueFrom(profile, "csrf");
  const set = await postForm(origin, PROFILE, cookie, { csrf, intent: "set-pin", newPin: PIN, confirmPin: PIN });
  check(set.status === 302, `setting the transaction PIN answered ${set.status}`);
}

/** Airtime through the form's two steps, as a browser without JavaScript posts them. */
async function buyAirtime(origin: string, cookie: string): Promise<void> {
  const form = await page(origin, AIRTIME, cookie);
  const csrf = inputValueFrom(form, "csrf");
  const priced = await postForm(origin, AIRTIME, cookie, { csrf, key: inputValueFrom(form, "key"), ...ORDER });
  const confirmation = inputValueFrom(priced.body.toString("utf8"), "confirmation");
  check(priced.status === 200 && confirmation !== "", `Process answered ${priced.status} without a confirmation`);
  const confirmed = await postForm(origin, AIRTIME, cookie, { csrf, intent: "confirm", confirmation, pin: PIN });
  check(
    confirmed.status === 302 && confirmed.headers.location === AIRTIME,
    `Confirm answered ${confirmed.status} ${confirmed.headers.location ?? ""}, expected 302 to ${AIRTIME}`,
  );
}

async function buy(origin: string): Promise<Bought> {
  await publicPages(origin);
  const cookie = await signInAs(origin, buyer());
  const before = await shownBalance(origin, cookie);
  const earlier = new Set((await history(origin, cookie)).map((row) => row["Trans. Ref."]));
  await setPin(origin, cookie);
  await buyAirtime(origin, cookie);
  const after = await shownBalance(origin, cookie);
  const added = (await history(origin, cookie)).filter((row) => !earlier.has(row["Trans. Ref."]));
  check(added.length === 1, `the history has ${added.length} new rows after one purchase, expected 1`);
  const [row = {}] = added;
  check(
    row["Phone No"] === ORDER.phone && row["Value (NGN)"] === `${ORDER.amount}.00` && row.Status === "Confirmed",
    `the new history row is not the airtime bought: ${JSON.stringify(row)}`,
  );
  check(after < before, `the balance went from ${before} to ${after} kobo; a purchase must lower it`);
  check(
    parseTypedNaira(row["Prev. Bal (NGN)"] ?? "") === before &&
      parseTypedNaira(row["Current Bal (NGN)"] ?? "") === after,
    `the row's balances, ${row["Prev. Bal (NGN)"]} to ${row["Current Bal (NGN)"]}, are not the dashboard's`,
  );
  const reference = row["Trans. Ref."] ?? "";
  step(`${BUYER} signed in and bought ${reference}: balance ${before} -> ${after} kobo`);
  return { email: BUYER, reference, balanceKobo: after };
}

async function kept(origin: string, bought: Bought): Promise<void> {
  const cookie = await signInAs(origin, { email: bought.email });
  const balance = await shownBalance(origin, cookie);
  check(
    balance === bought.balanceKobo,
    `the balance is ${balance} kobo, it was ${bought.balanceKobo} after the purchase`,
  );
  const references = (await history(origin, cookie)).map((row) => row["Trans. Ref."]);
  check(references.includes(bought.reference), `the history no longer has ${bought.reference}`);
  // The portal's own data is on the volume too: the PIN set before is still asked for.
  check((await page(origin, PROFILE, cookie)).includes("Current PIN"), "the transaction PIN set before is gone");
  step(`${bought.reference}, the balance of ${balance} kobo and the transaction PIN are still there`);
}

const [command, origin = "", state = "{}"] = process.argv.slice(2);
try {
  if (command === "buy") process.stdout.write(`${JSON.stringify(await buy(origin))}\n`);
  else if (command === "kept") await kept(origin, JSON.parse(state) as Bought);
  else throw new CheckFailed("usage: image-check.ts buy <origin> | kept <origin> <json from buy>");
} catch (error) {
  step(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
