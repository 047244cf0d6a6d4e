import { useId } from "react";
import { type Language, LANGUAGES } from "../i18n/language.ts";
import { m } from "../i18n/paraglide/messages.js";
import { getLocale } from "../i18n/paraglide/runtime.js";
import { CsrfField } from "./form-parts.tsx";

/**
 * The language switch (decision 055): a labelled list of the portal's languages, each named
 * in itself, and a Change button (named "Change language" for screen readers). A plain form posted to /language, with or without
 * JavaScript: the new language is a new document, <html lang> and all. `back` is where the
 * visitor returns to; without it, the page they were on as their browser says (Referer).
 */
export function LanguageForm({ back, selected }: { back?: string; selected?: Language }) {
  const id = useId();
  return (
    <form method="post" action="/language" className="switch">
      <CsrfField />
      {back === undefined ? null : <input type="hidden" name="back" value={back} />}
      <label htmlFor={id}>{m.language_label()}</label>{" "}
      <select id={id} name="language" defaultValue={selected ?? getLocale()}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {m.language_name({}, { locale: language })}
          </option>
        ))}
      </select>{" "}
      <button type="submit" className="secondary">
        {m.language_change()}
        {/* Named apart from a purchase's own Change button on the same page. */}
        <span className="visually-hidden"> {m.language_change_what()}</span>
      </button>
    </form>
  );
}
