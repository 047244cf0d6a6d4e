import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "../support/a11y.ts";
import { catalogPlan, catalogProvider, planOption } from "../support/catalog.ts";
import { expect, test } from "../support/fixtures.ts";
import { expectErrorSummary, expectFieldError } from "../support/forms.ts";
import { wallet } from "../support/money.ts";
import { javaScriptOn } from "../support/page.ts";
import {
  confirmationStep,
  PURCHASE_MESSAGES as M,
  openPurchase,
  pressChange,
  pressProcess,
  PURCHASE_PATHS,
  summaryLines,
  summaryValue,
} from "../support/purchase.ts";

// Decision 028: the network from the number. A network left blank is the
// number's (without JavaScript the server fills it in; with it the list follows the number as
// it is typed, until the person chooses); a chosen network always wins, and the confirmation
// says when the number usually belongs to another. Numbers from libphonenumber's prefixes:
// 0803 is MTN, 0805 Glo, 0802 Airtel; 0801 is no network's.

const MTN_NUMBER = "08031234567";
const GLO_NUMBER = "08051234567";
const NO_NETWORK_NUMBER = "08011111111";

const MTN_DATA = catalogProvider("data", "MTN");
const MTN_1GB = catalogPlan(MTN_DATA, "mtn-1gb-30");

test.use({ buyerAccount: { balanceKobo: 5_000_00 } });

function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

function networkList(page: Page): Locator {
  return field(page, "Provider");
}

function chosenNetwork(page: Page): Locator {
  return networkList(page).locator("option:checked");
}

/** The words beside the list while it shows the number's network. */
function networkHint(page: Page, network: string, phone: string): Locator {
  return page.getByRole("status").filter({
    hasText: `${network}, from the number ${phone}. If the number was ported to another network, choose that network.`,
  });
}

function fromNumberNote(network: string, phone: string): string {
  return `No network was chosen, so ${network} was taken from the number ${phone}. If the number was ported, press Change and choose its network.`;
}

function portedWarning(phone: string, usually: string, chosen: string): string {
  return `${phone} is usually ${usually} number. Confirm only if it was ported to ${chosen}.`;
}

/** Chooses the airtime network whose option starts with `network` ("Glo" for "Glo (2% discount)"). */
async function chooseAirtimeNetwork(page: Page, network: string): Promise<void> {
  const option = networkList(page).getByRole("option", { name: new RegExp(`^${network} \\(`) });
  await networkList(page).selectOption({ label: (await option.innerText()).trim() });
}

test.describe("airtime", () => {
  test.beforeEach(async ({ page, buyer }) => {
    await openPurchase(page, PURCHASE_PATHS.airtime, "Purchase Airtime");
  });

  test("a blank network with an MTN number: the confirmation names MTN, taken from the number", async ({ page }) => {
    await field(page, "Phone number").pressSequentially(MTN_NUMBER);
    await field(page, "Amount (₦)").fill("500");
    if (javaScriptOn()) {
      await expect(chosenNetwork(page)).toHaveText(/^MTN \(/);
      await expect(networkHint(page, "MTN", MTN_NUMBER)).toBeVisible();
    } else {
      await expect(chosenNetwork(page)).toHaveText("Choose a network");
    }
    await pressProcess(page);

    await expect(confirmationStep(page)).toBeVisible();
    expect((await summaryLines(page)).slice(0, 2)).toEqual([
      ["Provider", "MTN"],
      ["Phone number", MTN_NUMBER],
    ]);
    await expect(confirmationStep(page).getByText(fromNumberNote("MTN", MTN_NUMBER))).toBeVisible();
    await expectNoViolations(page, "airtime confirmation with the network from the number");
  });

  test("a number pasted with spaces and +234 is read as the local number, with its network", async ({ page }) => {
    const pasted = `+234 ${MTN_NUMBER.slice(1, 4)} ${MTN_NUMBER.slice(4, 7)} ${MTN_NUMBER.slice(7)}`;
    await field(page, "Phone number").fill(pasted);
    await expect(field(page, "Phone number")).toHaveValue(pasted);
    await field(page, "Amount (₦)").fill("500");
    await pressProcess(page);
    expect((await summaryLines(page)).slice(0, 2)).toEqual([
      ["Provider", "MTN"],
      ["Phone number", MTN_NUMBER],
    ]);
  });

  test("Change brings the form back as it was sent, and the network still comes from the number", async ({ page }) => {
    await field(page, "Phone number").pressSequentially(MTN_NUMBER);
    await field(page, "Amount (₦)").fill("500");
    await pressProcess(page);
    await expect(summaryValue(page, "Provider")).toHaveText("MTN");
    await pressChange(page);
    await expect(field(page, "Phone number")).toHaveValue(MTN_NUMBER);
    await expect(chosenNetwork(page)).toHaveText(/^MTN \(/);
    await expect(networkHint(page, "MTN", MTN_NUMBER)).toBeVisible();
    await pressProcess(page);
    await expect(summaryValue(page, "Provider")).toHaveText("MTN");
    await expect(confirmationStep(page).getByText(fromNumberNote("MTN", MTN_NUMBER))).toBeVisible();
  });

  test("Glo chosen for an MTN number: the confirmation says it is usually MTN's, and Glo is what is bought", async ({
    page,
  }) => {
    await chooseAirtimeNetwork(page, "Glo");
    await field(page, "Phone number").pressSequentially(MTN_NUMBER);
    await field(page, "Amount (₦)").fill("500");
    // The person's own choice stands: numbers are ported.
    await expect(chosenNetwork(page)).toHaveText(/^Glo \(/);
    await pressProcess(page);

    await expect(summaryValue(page, "Provider")).toHaveText("Glo");
    await expect(confirmationStep(page).getByText(portedWarning(MTN_NUMBER, "an MTN", "Glo"))).toBeVisible();
    await expect(confirmationStep(page).getByText("taken from the number")).toHaveCount(0);
    await expect(confirmationStep(page).getByRole("button", { name: "Confirm", exact: true })).toBeEnabled();
  });

  test("a blank network with a number no network is known to hold: 'Select a provider from the list'", async ({
    page,
    buyer,
  }) => {
    await field(page, "Phone number").pressSequentially(NO_NETWORK_NUMBER);
    await field(page, "Amount (₦)").fill("500");
    await expect(chosenNetwork(page)).toHaveText("Choose a network");
    await pressProcess(page);

    await expectErrorSummary(page, [M.providerRequired]);
    await expectFieldError(networkList(page), M.providerRequired);
    await expect(field(page, "Phone number")).toHaveValue(NO_NETWORK_NUMBER);
    expect(wallet(buyer.email).debits).toBe(0);
  });

  test("the list follows the number as it is typed (with JavaScript), until the person chooses a network", async ({
    page,
  }) => {
    const phone = field(page, "Phone number");
    await phone.pressSequentially(MTN_NUMBER.slice(0, 10));
    // Ten digits are a number still being typed: no network yet.
    await expect(chosenNetwork(page)).toHaveText("Choose a network");
    await phone.press("7");
    if (!javaScriptOn()) {
      // Without JavaScript nothing changes on the page: the server reads the number when the form is sent.
      await expect(chosenNetwork(page)).toHaveText("Choose a network");
      await chooseAirtimeNetwork(page, "Airtel");
      await field(page, "Amount (₦)").fill("500");
      await pressProcess(page);
      await expect(summaryValue(page, "Provider")).toHaveText("Airtel");
      await expect(confirmationStep(page).getByText(portedWarning(MTN_NUMBER, "an MTN", "Airtel"))).toBeVisible();
      return;
    }
    await expect(chosenNetwork(page)).toHaveText(/^MTN \(/);
    await expect(networkHint(page, "MTN", MTN_NUMBER)).toBeVisible();

    await phone.fill("");
    await phone.pressSequentially(GLO_NUMBER);
    await expect(chosenNetwork(page)).toHaveText(/^Glo \(/);
    await phone.press("Backspace");
    await expect(chosenNetwork(page)).toHaveText("Choose a network");
    await phone.press("7");
    await expect(chosenNetwork(page)).toHaveText(/^Glo \(/);

    // The person chooses Airtel: from now on the list is theirs.
    await chooseAirtimeNetwork(page, "Airtel");
    await expect(page.getByRole("status").filter({ hasText: "from the number" })).toHaveCount(0);
    await phone.fill("");
    await phone.pressSequentially(MTN_NUMBER);
    await expect(chosenNetwork(page)).toHaveText(/^Airtel \(/);
    await field(page, "Amount (₦)").fill("500");
    await pressProcess(page);
    await expect(summaryValue(page, "Provider")).toHaveText("Airtel");
    await expect(confirmationStep(page).getByText(portedWarning(MTN_NUMBER, "an MTN", "Airtel"))).toBeVisible();
  });

  test("choosing 'Choose a network' again hands the network back to the number", async ({ page }) => {
    await chooseAirtimeNetwork(page, "Glo");
    await field(page, "Phone number").pressSequentially(MTN_NUMBER);
    await expect(chosenNetwork(page)).toHaveText(/^Glo \(/);
    await networkList(page).selectOption({ label: "Choose a network" });
    if (javaScriptOn()) {
      await expect(chosenNetwork(page)).toHaveText(/^MTN \(/);
      await expect(networkHint(page, "MTN", MTN_NUMBER)).toBeVisible();
    }
    await field(page, "Amount (₦)").fill("500");
    await pressProcess(page);
    await expect(summaryValue(page, "Provider")).toHaveText("MTN");
    await expect(confirmationStep(page).getByText(fromNumberNote("MTN", MTN_NUMBER))).toBeVisible();
  });
});

test.describe("data", () => {
  test.beforeEach(async ({ page, buyer }) => {
    await openPurchase(page, PURCHASE_PATHS.data, "Purchase Data");
  });

  test("a blank network with an MTN number brings MTN's plans, the number kept, and says so", async ({ page }) => {
    await field(page, "Phone number").pressSequentially(MTN_NUMBER);
    if (!javaScriptOn()) {
      // The plan list needs a network: "Show plans" takes the number's.
      await page.getByRole("button", { name: "Show plans", exact: true }).click();
    }
    await expect(chosenNetwork(page)).toHaveText("MTN");
    await expect(networkHint(page, "MTN", MTN_NUMBER)).toBeVisible();
    await expect(field(page, "Phone number")).toHaveValue(MTN_NUMBER);
    const plan = field(page, "Plan");
    await expect(plan.getByRole("option", { name: planOption(MTN_DATA, MTN_1GB), exact: true })).toHaveCount(1);
    await expectNoViolations(page, "data form with the network from the number");
  });

  test("a plan of the number's network bought with a blank network: the confirmation says it came from the number", async ({
    page,
  }) => {
    await field(page, "Phone number").pressSequentially(MTN_NUMBER);
    if (!javaScriptOn()) await page.getByRole("button", { name: "Show plans", exact: true }).click();
    const plan = field(page, "Plan");
    await plan.selectOption({ label: planOption(MTN_DATA, MTN_1GB) });
    await pressProcess(page);
    await expect(summaryValue(page, "Provider")).toHaveText("MTN");
    await expect(summaryValue(page, "Phone number")).toHaveText(MTN_NUMBER);
    await expect(confirmationStep(page).getByText(fromNumberNote("MTN", MTN_NUMBER))).toBeVisible();
  });

  test("Process with a blank network and an MTN number: MTN's plans come with the message, nothing typed is lost", async ({
    page,
  }) => {
    await field(page, "Phone number").fill(MTN_NUMBER);
    await pressProcess(page);
    await expectErrorSummary(page, [M.planRequired]);
    await expect(chosenNetwork(page)).toHaveText("MTN");
    await expect(networkHint(page, "MTN", MTN_NUMBER)).toBeVisible();
    await expect(field(page, "Phone number")).toHaveValue(MTN_NUMBER);
    await expect(
      field(page, "Plan").getByRole("option", { name: planOption(MTN_DATA, MTN_1GB), exact: true }),
    ).toHaveCount(1);
  });

  test("Glo chosen for an MTN number: Glo's plans, and the ported warning on the confirmation", async ({ page }) => {
    await networkList(page).selectOption({ label: "Glo" });
    await field(page, "Phone number").pressSequentially(MTN_NUMBER);
    if (!javaScriptOn()) await page.getByRole("button", { name: "Show plans", exact: true }).click();
    await expect(chosenNetwork(page)).toHaveText("Glo");
    const glo = catalogProvider("data", "Glo");
    const first = glo.plans[0];
    if (first === undefined) throw new Error("Glo has no plans in the seed");
    await field(page, "Plan").selectOption({ label: planOption(glo, first) });
    await pressProcess(page);
    await expect(summaryValue(page, "Provider")).toHaveText("Glo");
    await expect(confirmationStep(page).getByText(portedWarning(MTN_NUMBER, "an MTN", "Glo"))).toBeVisible();
  });

  test("a blank network with a number no network is known to hold: 'Select a provider from the list'", async ({
    page,
  }) => {
    await field(page, "Phone number").pressSequentially(NO_NETWORK_NUMBER);
    await pressProcess(page);
    await expectErrorSummary(page, [M.providerRequired, M.planRequired]);
    await expectFieldError(networkList(page), M.providerRequired);
    await expect(field(page, "Phone number")).toHaveValue(NO_NETWORK_NUMBER);
  });
});
