import type { BulkProduct, ProductKey, SellingProduct } from "../domain/products.ts";
import { m } from "./paraglide/messages.js";
import type { Locale } from "./paraglide/runtime.js";

// Each product's words (decision 083), one row per row of app/domain/products.ts: the compiler
// asks for a row here when a product is added there. Message functions, said when a page is
// drawn, in the request's language or the one asked for.

/** A message with nothing to fill in. */
export type ProductMessage = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

export type ProductWords = {
  /** Its name in the history, its filter, the spend chart and the statement: "Cable TV". */
  name: ProductMessage;
  /** What one purchase is, on a customer's copy of a receipt: "Exam PIN". */
  item: ProductMessage;
  /** Its card on the home page: a heading and a line. */
  home: { name: ProductMessage; text: ProductMessage };
  /** Above its form's recent numbers; null where it has none (many numbers at once). */
  recentHeading: ProductMessage | null;
  /** Above its form's saved numbers (decision 050). */
  savedHeading: ProductMessage;
};

export const PRODUCT_WORDS: Record<ProductKey, ProductWords> = {
  airtime: {
    name: m.hist_product_airtime,
    item: m.buy_product_airtime,
    home: { name: m.home_airtime, text: m.home_airtime_text },
    recentHeading: m.buy_recent_phones,
    savedHeading: m.buy_saved_phones,
  },
  data: {
    name: m.hist_product_data,
    item: m.buy_product_data,
    home: { name: m.home_data, text: m.home_data_text },
    recentHeading: m.buy_recent_phones,
    savedHeading: m.buy_saved_phones,
  },
  cable: {
    name: m.hist_product_cable,
    item: m.buy_product_cable,
    home: { name: m.home_cable, text: m.home_cable_text },
    recentHeading: m.buy_recent_cards,
    savedHeading: m.buy_saved_cards,
  },
  electricity: {
    name: m.hist_product_electricity,
    item: m.buy_product_electricity,
    home: { name: m.home_electricity, text: m.home_electricity_text },
    recentHeading: m.buy_recent_meters,
    savedHeading: m.buy_saved_meters,
  },
  exam: {
    name: m.hist_product_exam,
    item: m.buy_product_exam,
    home: { name: m.home_exam_pins, text: m.home_exam_pins_text },
    recentHeading: m.buy_recent_phones,
    // A JAMB profile ID or a phone: "Saved numbers".
    savedHeading: m.buy_saved_numbers,
  },
  sms: {
    name: m.hist_product_sms,
    item: m.buy_product_sms,
    home: { name: m.home_bulk_sms, text: m.home_bulk_sms_text },
    recentHeading: null,
    savedHeading: m.buy_saved_phones,
  },
};

/** Each product bought in bulk, as the bulk form's choice names it (decision 030). */
export const BULK_WORDS: Record<BulkProduct, ProductMessage> = {
  airtime: m.valid_bulk_airtime,
  data: m.valid_bulk_data,
};

/** Each priced product's field on Selling prices (decision 085): its label and the hint under it. */
export const SHOP_PRICE_WORDS: Record<SellingProduct, { label: ProductMessage; hint: ProductMessage }> = {
  airtime: { label: m.shop_price_airtime, hint: m.shop_price_airtime_hint },
  data: { label: m.shop_price_data, hint: m.shop_price_fee_hint },
  cable: { label: m.shop_price_cable, hint: m.shop_price_fee_hint },
  electricity: { label: m.shop_price_electricity, hint: m.shop_price_fee_hint },
  exam: { label: m.shop_price_exam, hint: m.shop_price_fee_hint },
};
