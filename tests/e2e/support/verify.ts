// tsconfig.json's lib stops at ES2023; Promise.withResolvers is ES2024, and Node has it since 22.
/// <reference lib="es2024.promise" />
import { type APIResponse, expect, type Locator, type Page } from "@playwright/test";
import { javaScriptOn, whenInteractive } from "./page.ts";
import { escapeRegExp } from "./text.ts";

// The verify-first purchases (decision 013: cable, electricity, exam PINs): the pages, their
// messages, docs/sandbox.md's test values, and the steps a person takes (choose a provider,
// Verify, Process, Confirm), with and without JavaScript. Their seeded prices are in catalog.ts.

export type VerifyProduct = "cable" | "electricity" | "exam";

export const VERIFY_PAGES = {
  cable: { path: "/dashboard/pay-for-tv", heading: "Pay for Cable", providerLabel: "Provider", providerButton: null },
  electricity: {
    path: "/dashboard/pay-for-electricity",
    heading: "Pay for Electricity",
    providerLabel: "Provider",
    providerButton: null,
  },
  exam: {
    path: "/dashboard/purchase-exam-pins",
    heading: "Exam Pins",
    providerLabel: "Exam type",
    providerButton: "Show variants",
  },
} as const;

/** docs/sandbox.md "Sandbox test values": what the simulated billers do with each number. */
export const SMART_CARDS = {
  delivered: "1212121212",
  pending: "2222222222",
  failed: "3333333333",
  unknown: "4444444444",
} as const;
export const METERS = {
  prepaid: "1111111111111",
  postpaid: "1010101010101",
  pending: "2222222222222",
  failed: "3333333333333",
  unknown: "4444444444444",
} as const;
export const JAMB_PROFILE = { known: "0123456789", unknown: "9876543210" } as const;
/** Exam PINs go by phone number, as airtime does. */
export const PHONES = { delivered: "08011111111", pending: "08022222222", failed: "08033333333" } as const;

/** The product's messages verbatim; decision 013 for Process without a matching verification; the upstream's words (sandbox/calls). */
export const VERIFY_MESSAGES = {
  providerRequired: "Select a provider from the list",
  smartNoRequired: "Smart/IUC number required",
  meterNoRequired: "Meter Number is required",
  meterTypeRequired: "Select a meter type to continue",
  profileIdRequired: "Profile ID is required",
  phoneRequired: "Phone number is required!",
  amountRequired: "Amount is required!",
  electricityMinimum: "Amount can not be less than ₦500",
  cableMinimum: "Amount can not be less than ₦100",
  planRequired: "Select a plan from the list",
  verifyCableFirst: "Verify the Smart/IUC number first",
  verifyMeterFirst: "Verify the meter number first",
  verifyProfileFirst: "Verify the Profile ID first",
  verifyAgain: {
    cable: "You changed the provider, so verify the Smart/IUC number again.",
    electricity: "You changed the provider, so verify the meter number again.",
    exam: "You changed the exam, so verify the Profile ID again.",
  },
  invalidSmartCard: "Invalid Smart Card Number. Please check the number and try again.",
  invalidMeter: "Invalid Meter Number. Please check the number and try again.",
  invalidProfile: "Invalid Profile ID. Please check the ID and try again.",
  wrongMeterType: "This is a prepaid meter. Choose Prepaid as the meter type and verify again.",
  tokenAdvice: "Check your transaction history for the TOKEN CODE.",
  pinAdvice: "See the Pin Details in your transaction history.",
} as const;

// The page.

export function providerSelect(page: Page, product: VerifyProduct): Locator {
  return page.getByLabel(VERIFY_PAGES[product].providerLabel, { exact: true });
}

export function verifyButton(page: Page): Locator {
  return page.getByRole("button", { name: "Verify", exact: true });
}

export function processButton(page: Page): Locator {
  return page.getByRole("button", { name: "Process", exact: true });
}

/** The purchase form (the one with Process), not the provider's GET form above it. */
export function purchaseForm(page: Page): Locator {
  return page.locator("form").filter({ has: processButton(page) });
}

/** Opens the page and, with JavaScript on, waits until React has it. */
export async function openVerifyPage(page: Page, product: VerifyProduct): Promise<void> {
  await page.goto(VERIFY_PAGES[product].path);
  await expect(page.getByRole("heading", { level: 1, name: VERIFY_PAGES[product].heading })).toBeVisible();
  await whenInteractive(processButton(page));
}

/**
 * Chooses the provider as a person would: by its title as the list shows it ("IKEDC - Ikeja
 * Electric (0.5% discount)"). The list is part of the purchase form, so the choice is made;
 * on the exam page, without JavaScript, "Show variants" then brings the exam's variants (with
 * JavaScript they come by themselves). Resolves once the choice shows and anything it brings.
 */
export async function chooseProvider(page: Page, product: VerifyProduct, title: string): Promise<void> {
  const select = providerSelect(page, product);
  const option = select.getByRole("option", { name: new RegExp(`^${escapeRegExp(title)}( \\(.*\\))?$`) });
  const label = ((await option.textContent()) ?? "").trim();
  await select.selectOption({ label });
  const button = VERIFY_PAGES[product].providerButton;
  if (button !== null && !javaScriptOn()) await page.getByRole("button", { name: button, exact: true }).click();
  await expect(select.locator("option:checked")).toHaveText(label);
  if (product === "exam")
    await expect(page.getByLabel("Variant", { exact: true }).getByRole("option")).not.toHaveCount(1);
}

/** The customer the upstream named, shown after a successful Verify. */
export function verifiedDetails(page: Page): Locator {
  return page.getByRole("status").filter({ has: page.getByText("Verified", { exact: true }) });
}

/** The verified details read exactly these lines, label and value, top to bottom. */
export async function expectVerified(page: Page, lines: readonly (readonly [string, string])[]): Promise<void> {
  const details = verifiedDetails(page);
  await expect(details).toBeVisible();
  await expect(details.getByRole("term")).toHaveText(lines.map(([label]) => label));
  await expect(details.getByRole("definition")).toHaveText(lines.map(([, value]) => value));
}

/** 'You will be charged ₦...' (with JavaScript) or the discount in words (without) on the form. */
export function formChargeLine(page: Page): Locator {
  return purchaseForm(page).locator(".charge-line");
}

/** The hidden fields the page's purchase form would post: its CSRF token and the sealed verification. */
export async function sealedFields(page: Page): Promise<{ csrf: string; verification: string }> {
  const form = purchaseForm(page);
  const verification = form.locator('input[name="verification"]');
  return {
    csrf: await form.locator('input[name="csrf"]').inputValue(),
    verification: (await verification.count()) === 1 ? await verification.inputValue() : "",
  };
}

/** A post to a purchase page as a script would send it, from the signed-in browser. */
export function postAsScript(
  page: Page,
  path: string,
  form: Record<string, string>,
  origin: string,
): Promise<APIResponse> {
  return page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
}

/**
 * With JavaScript on: holds the page's next Verify until `release` is called, so what the
 * page shows in flight can be seen. Resolves `held` once the request is waiting.
 */
export async function holdNextVerify(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
  const gate = Promise.withResolvers<void>();
  const arrival = Promise.withResolvers<void>();
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() !== "POST" || !(route.request().postData() ?? "").includes("intent=verify")) {
        await route.continue();
        return;
      }
      arrival.resolve();
      await gate.promise;
      await route.continue();
    },
  );
  return { held: arrival.promise, release: () => gate.resolve() };
}
