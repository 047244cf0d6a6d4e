import { data } from "react-router";

/** The name of a field people never see (hidden by CSS) and form-filling bots fill in. */
export const HONEYPOT_FIELD = "website";

/** Refuses a public form whose honeypot field came back filled in. */
export function rejectBots(formData: FormData): void {
  const value = formData.get(HONEYPOT_FIELD);
  if (typeof value === "string" && value !== "") {
    throw data({ reason: "spam" }, { status: 400 });
  }
}
