import * as z from "zod/mini";
import { parseTypedNaira } from "../domain/money.ts";
import { m } from "../i18n/paraglide/messages.js";
import { fail, MAXIMUM_AMOUNT_KOBO } from "./amount.ts";
import type { Message } from "./fields.ts";

// A reseller's shop (decision 085): its details on Profile, its selling prices, and the
// "Sold for" of one purchase. Every field may be left empty; what is typed must be right.

export const SHOP_NAME_MAX = 40;
export const SHOP_PHONE_MAX = 20;
export const SHOP_ADDRESS_MAX = 80;

/** Markup would be shown as text, but a name with tags in it was never meant as one. */
const MARKUP = /[<>]/;
const SHOP_PHONE = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

/** An optional line of text: missing (left empty) is undefined; only spaces and markup are refused. */
function optionalLine(max: number, rules: readonly (readonly [(value: string) => boolean, Message])[] = []) {
  return z.optional(
    z.pipe(
      z.string(),
      z.transform((typed: string, context) => {
        const value = typed.trim();
        if (value === "") return fail(context, m.shop_only_spaces());
        if (value.length > max) return fail(context, m.valid_too_long({ max }));
        if (MARKUP.test(value)) return fail(context, m.shop_no_markup());
        const failed = rules.find(([passes]) => !passes(value));
        return failed ? fail(context, failed[1]()) : value;
      }),
    ),
  );
}

/** Naira as typed, or undefined when left empty; `notMoney` for anything else. */
export function optionalNaira(notMoney: Message) {
  return z.optional(
    z.pipe(
      z.string(),
      z.transform((typed: string, context) => {
        const kobo = parseTypedNaira(typed);
        if (kobo === null) return fail(context, notMoney());
        if (kobo > MAXIMUM_AMOUNT_KOBO) return fail(context, m.shop_too_much());
        return kobo;
      }),
    ),
  );
}

/** The shop's name, phone and one-line address; the phone and address go only under a name. */
export const shopDetailsSchema = z
  .object({
    shopName: optionalLine(SHOP_NAME_MAX),
    shopPhone: optionalLine(SHOP_PHONE_MAX, [[(value) => SHOP_PHONE.test(value), () => m.shop_phone_format()]]),
    shopAddress: optionalLine(SHOP_ADDRESS_MAX),
  })
  .check(
    z.superRefine((value, context) => {
      if (value.shopName !== undefined || (value.shopPhone === undefined && value.shopAddress === undefined)) return;
      context.addIssue({ code: "custom", message: m.shop_name_first(), path: ["shopName"], input: value.shopName });
    }),
  );

const notMoney = () => m.shop_price_not_money();

/** A price per product: airtime's per ₦100 of value, the others' added to the value. */
export const sellingPricesSchema = z.object({
  airtime: optionalNaira(notMoney),
  data: optionalNaira(notMoney),
  cable: optionalNaira(notMoney),
  electricity: optionalNaira(notMoney),
  exam: optionalNaira(notMoney),
});

/** What the customer paid for one purchase; empty: not recorded. */
export const soldForSchema = z.object({ soldFor: optionalNaira(() => m.shop_sold_for_not_money()) });
