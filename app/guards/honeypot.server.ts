import { m } from "../i18n/paraglide/messages.js";

/**
 * The name of a field people never see (inside an element with the `hidden` attribute, so it
 * stays out of sight and out of the tab order without any CSS) and form-filling bots fill in.
 */
export const HONEYPOT_FIELD = "website";

/**
 * What a form whose honeypot came back filled says. A bot is refused; a person whose browser
 * or text browser showed the field and had it filled gets the form back with their input and
 * this, and can send it again at once: the field comes back empty (decision 046).
 */
export const HONEYPOT_MESSAGE = (): string => m.valid_honeypot({ field: m.form_honeypot() });

/** Whether a public form's honeypot field came back filled in. */
export function filledHoneypot(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value !== "";
}
