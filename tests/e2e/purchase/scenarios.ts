import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectErrorSummary, flash } from "../support/forms.ts";
import { expectBalance, wallet } from "../support/money.ts";
import {
  confirmationStep,
  goBackAndConfirmAgain,
  pressChange,
  pressConfirm,
  pressProcess,
  summaryValue,
} from "../support/purchase.ts";
import { postAsScript, sealedFields } from "../support/verify.ts";

// What every purchase page (airtime, data, SMS, cable, electricity, exam PINs) must do the
// same way, written once: each product spec passes its own steps and words, and the tests
// are registered in that spec, so each runs under the product's name and file.
//
// These are rules the server keeps, the same whichever way the form was sent, so they run
// once, in js-off (tagged @once, decision 047). Each product's own full walk (its spec's
// purchase test) still runs in both modes, and so do the repeat checks of the one product
// whose spec says `bothModes`: a double click or Back reach the server differently with
// JavaScript, and the pages share the code that answers them.

/** docs/sandbox.md "Sandbox test values": the upstream delivers, holds or refuses the purchase. */
export type Outcome = "delivered" | "pending" | "failed";

/** A summary line of the confirmation: its label and the value it should read. */
export type SummaryLine = readonly [label: string, value: string];

export type PurchaseScenarios = {
  path: string;
  /** The page's h1. */
  heading: string;
  /** The wallet's opening balance. */
  balanceKobo: number;
  /** What the sandbox's test value is, in titles: "number", "card", "meter", "phone". */
  target: string;
  /** Whose message a pending purchase reports: "provider", or "network" for SMS. */
  upstream: string;
  /**
   * From the signed-in dashboard: opens the page, fills it to give `outcome` and presses
   * Process. Resolves at the confirmation with the charge it states, checked against the
   * seed's price and discount.
   */
  toConfirmation(page: Page, outcome: Outcome): Promise<number>;
  /** Where a purchase's answer lands, as toHaveURL takes it. */
  landing: string | ((url: URL) => boolean);
  /** The pending toast's words for this charge, and words it must not carry (advice for a delivered one). */
  pendingMessage(chargeKobo: number): string;
  pendingLacks?: string;
  /** The biller's refusal, on the form, for the failing test value. */
  refusal: string;
  /** After the refusal, the form still holds what was typed for the failing value. */
  expectFailedFormKept(page: Page): Promise<void>;
  /** Pages with no verification step: one-press purchases a repeat must not buy twice. */
  repeats?: {
    /** Run with JavaScript off and on, not once: set on one product. */
    bothModes?: boolean;
    /** The success toast's words for the delivered purchase and this charge. */
    deliveredMessage(chargeKobo: number): string;
    /** Words of any success toast of the product, which a reload must not show again. */
    deliveredWords: string;
  };
  /** Pages with no verification step: Change goes back to the form as filled. */
  change?: {
    /** The wallet's opening balance, where it is not the product's. */
    balanceKobo?: number;
    /** Opens the page and fills it with details other than the defaults. */
    fill(page: Page): Promise<void>;
    /** A summary line that shows those details were taken, before and after Change. */
    summary: SummaryLine;
    /** The form holds every detail as it was filled. */
    expectKept(page: Page): Promise<void>;
    /** A summary line checked when Process is pressed again from the kept form. */
    again: SummaryLine;
  };
  /** Pages with a verification step: a purchase posted by a script for other details than were verified. */
  forged?: {
    /** What the post claims, in the title: "for a card that was not verified". */
    claim: string;
    /** Opens the page and verifies; resolves once the customer shows. */
    verify(page: Page): Promise<void>;
    /** The post's fields besides the page's CSRF token and sealed verification. */
    fields: Record<string, string>;
    /** The server's answer: verify first. */
    refusal: string;
  };
};

/** A test of a shared rule: registered for js-off only (playwright.config.ts). */
const ONCE = { tag: "@once" };

export function purchaseScenarios(product: PurchaseScenarios): void {
  const { balanceKobo } = product;

  test(
    `the pending ${product.target}: a warning with the ${product.upstream}'s message, and the wallet is charged`,
    ONCE,
    async ({ page, signInBuyer }) => {
      const buyer = await signInBuyer({ balanceKobo });
      const charge = await product.toConfirmation(page, "pending");
      await pressConfirm(page);

      const toast = flash(page, product.pendingMessage(charge));
      await expect(toast).toBeAttached();
      await expect(toast).toHaveAttribute("data-type", "warning");
      if (product.pendingLacks !== undefined) await expect(toast).not.toContainText(product.pendingLacks);
      await expect(page).toHaveURL(product.landing);
      await expectBalance(page, balanceKobo - charge);
      const after = wallet(buyer.email);
      expect(after.balanceKobo).toBe(balanceKobo - charge);
      expect(after.transactions.map((row) => row.status)).toEqual([0]);
    },
  );

  test(
    `the failing ${product.target}: the refusal on the form, what was typed kept, the wallet refunded`,
    ONCE,
    async ({ page, signInBuyer }) => {
      const buyer = await signInBuyer({ balanceKobo });
      await product.toConfirmation(page, "failed");
      await pressConfirm(page);

      await expectErrorSummary(page, [product.refusal]);
      await product.expectFailedFormKept(page);
      await expectBalance(page, balanceKobo);
      // Charged and refunded at once: one debit, its one refund, the balance as it was.
      const after = wallet(buyer.email);
      expect(after.debits).toBe(1);
      expect(after.refunds).toBe(1);
      expect(after.balanceKobo).toBe(balanceKobo);
    },
  );

  const { repeats, change } = product;
  if (repeats !== undefined) {
    /** Buys the delivered purchase through Confirm; the charge taken. */
    const buyDelivered = async (page: Page): Promise<number> => {
      const charge = await product.toConfirmation(page, "delivered");
      await pressConfirm(page);
      await expect(flash(page, repeats.deliveredMessage(charge))).toBeAttached();
      return charge;
    };
    const repeatModes = repeats.bothModes === true ? {} : ONCE;

    test("reloading the page after a purchase does not buy again", repeatModes, async ({ page, signInBuyer }) => {
      const buyer = await signInBuyer({ balanceKobo });
      const charge = await buyDelivered(page);

      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: product.heading })).toBeVisible();
      await expectBalance(page, balanceKobo - charge);
      // The message was for that purchase; a reload neither repeats it nor the purchase.
      await expect(flash(page, repeats.deliveredWords)).toHaveCount(0);
      expect(wallet(buyer.email).debits).toBe(1);
    });

    test(
      "going back to the confirmation after a purchase and confirming again does not buy again",
      repeatModes,
      async ({ page, signInBuyer }) => {
        const buyer = await signInBuyer({ balanceKobo });
        const charge = await buyDelivered(page);

        await goBackAndConfirmAgain(page, product.path);
        expect(wallet(buyer.email).debits, "debits from the wallet").toBe(1);
        await page.goto(product.path);
        await expectBalance(page, balanceKobo - charge);
      },
    );

    test("pressing Confirm twice in a row buys once", repeatModes, async ({ page, signInBuyer }) => {
      const buyer = await signInBuyer({ balanceKobo });
      const charge = await product.toConfirmation(page, "delivered");
      await confirmationStep(page).getByRole("button", { name: "Confirm", exact: true }).dblclick();

      await expect(flash(page, repeats.deliveredMessage(charge))).toBeAttached();
      await expectBalance(page, balanceKobo - charge);
      expect(wallet(buyer.email).debits).toBe(1);
    });
  }

  if (change !== undefined) {
    test("Change goes back to the form as it was filled", ONCE, async ({ page, signInBuyer }) => {
      const buyer = await signInBuyer({ balanceKobo: change.balanceKobo ?? balanceKobo });
      await change.fill(page);
      await pressProcess(page);
      await expect(summaryValue(page, change.summary[0])).toHaveText(change.summary[1]);

      await pressChange(page);
      await change.expectKept(page);
      expect(wallet(buyer.email).debits).toBe(0);

      // And it goes on from there: the same details price the same way.
      await pressProcess(page);
      await expect(summaryValue(page, change.again[0])).toHaveText(change.again[1]);
    });
  }

  const { forged } = product;
  if (forged !== undefined) {
    test(
      `a forged purchase post ${forged.claim} is refused, and nothing is taken`,
      ONCE,
      async ({ page, signInBuyer, baseURL }) => {
        const buyer = await signInBuyer({ balanceKobo });
        await forged.verify(page);
        const { csrf, verification } = await sealedFields(page);
        expect(verification).not.toBe("");

        const answer = await postAsScript(
          page,
          product.path,
          { csrf, intent: "process", verification, ...forged.fields },
          String(baseURL),
        );
        expect(answer.status()).toBe(400);
        const body = await answer.text();
        expect(body).toContain(forged.refusal);
        expect(body).not.toContain('name="confirmation"');
        expect(wallet(buyer.email).debits).toBe(0);
      },
    );
  }
}
