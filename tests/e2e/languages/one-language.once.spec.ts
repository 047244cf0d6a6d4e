import { type Browser, expect, type Page, test } from "@playwright/test";
import { createBuyer } from "../support/accounts.ts";
import { type Language, messageIn } from "../support/crawl.ts";
import { expectFieldError } from "../support/forms.ts";
import { waitForHydration } from "../support/page.ts";
import { mainPortal } from "../support/portals.ts";
import { addSession } from "../support/session.ts";

// Decision 072: a hydrating page's scripts carry the words of the language it is shown in, and
// those are the words the server said, so the page hydrates without a mismatch and the
// browser's own checks speak that language. JavaScript on, in a context of its own (project
// once runs without it): the two languages that are not the build's base language.

type Opened = {
  page: Page;
  /** The bodies of every script the page has asked for so far, once each has arrived. */
  scripts: () => Promise<string[]>;
  problems: string[];
};

/**
 * A scripted page in `language` that keeps the body of every script it loads and every console
 * error. A script can be asked for late (the confirmation step loads on the form's first touch),
 * so the bodies are read when the test asks for them, never after its context is closed.
 */
async function openIn(browser: Browser, baseURL: string, language: Language): Promise<Opened> {
  const context = await browser.newContext({ javaScriptEnabled: true, baseURL });
  await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
  const page = await context.newPage();
  const bodies: Promise<string>[] = [];
  const problems: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = response.text();
    // One still arriving as the test closes its page is not read; it would reject unheard.
    body.catch(() => undefined);
    bodies.push(body);
  });
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { page, scripts: () => Promise.all(bodies), problems };
}

const saidBy = (scripts: readonly string[], words: string) => scripts.some((script) => script.includes(words));

test("a Hausa purchase page hydrates with Hausa words alone and checks the number in Hausa", async ({
  browser,
  baseURL,
}) => {
  const { page, scripts, problems } = await openIn(browser, baseURL ?? "", "ha");
  await addSession(page.context(), await createBuyer("one-language-ha", { balanceKobo: 0 }), mainPortal());
  await page.goto("/dashboard/purchase-airtime");
  const phone = page.getByLabel(messageIn("ha", "form_phone_label"), { exact: true });
  await waitForHydration(phone);

  await phone.focus();
  await phone.blur();

  await expectFieldError(phone, messageIn("ha", "valid_phone_required_bang"));
  const loaded = await scripts();
  expect(saidBy(loaded, messageIn("ha", "valid_phone_required_bang"))).toBe(true);
  expect(saidBy(loaded, messageIn("en-NG", "valid_phone_required_bang"))).toBe(false);
  expect(saidBy(loaded, messageIn("pcm", "valid_phone_required_bang"))).toBe(false);
  expect(problems, "console errors and warnings (a hydration mismatch among them)").toEqual([]);
  await page.context().close();
});

test("a Pidgin sign-up page hydrates with Pidgin words alone and asks for the first name in Pidgin", async ({
  browser,
  baseURL,
}) => {
  const { page, scripts, problems } = await openIn(browser, baseURL ?? "", "pcm");
  await page.goto("/register");
  const submit = page.getByRole("button", { name: messageIn("pcm", "account_register_submit"), exact: true });
  await waitForHydration(submit);

  await submit.click();

  await expectFieldError(
    page.getByLabel(messageIn("pcm", "account_first_name")),
    messageIn("pcm", "valid_first_name_required"),
  );
  const loaded = await scripts();
  expect(saidBy(loaded, messageIn("en-NG", "valid_first_name_required"))).toBe(false);
  expect(saidBy(loaded, messageIn("ha", "valid_first_name_required"))).toBe(false);
  expect(problems, "console errors and warnings (a hydration mismatch among them)").toEqual([]);
  await page.context().close();
});
