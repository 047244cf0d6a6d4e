import { m } from "../i18n/paraglide/messages.js";

// Words the purchase screens share between the server and the page, in the request's language
// (or, in the browser, the page's): called when they are shown, never kept in a constant.

/** A meter type's name, "Prepaid" or "Postpaid"; undefined for anything else. */
export function meterTypeName(type: string): string | undefined {
  if (type === "prepaid") return m.buy_meter_prepaid();
  if (type === "postpaid") return m.buy_meter_postpaid();
  return undefined;
}
