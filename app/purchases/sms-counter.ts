import { countSms, SMS_PAGE_LENGTH } from "../domain/sms.ts";
import { m } from "../i18n/paraglide/messages.js";

// The SMS page's counter, apart from the other purchase words (words.ts), so that the pages
// which show those do not carry the SMS rules to count with (decision 082, amended).

/** The SMS counter, "Page: n (x / 160) Characters": x is how much of the current page is used. */
export function smsCounterText(message: string): string {
  const { pages, onLastPage } = countSms(message);
  return m.buy_sms_counter({ pages, used: onLastPage, pageLength: SMS_PAGE_LENGTH });
}
