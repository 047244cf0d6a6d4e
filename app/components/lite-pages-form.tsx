import { m } from "../i18n/paraglide/messages.js";
import { useRootData } from "../root.tsx";
import { CsrfField } from "./form-parts.tsx";

/**
 * The Lite pages switch (decision 071), beside the language form: whether pages come without
 * scripts, and a button that turns it the other way. A plain form posted to /lite-pages, with
 * or without JavaScript: the next page is a new document, with its scripts or without them.
 * `back` is where the person returns to, else home; `on` is the state shown, else the page's own.
 */
export function LitePagesForm({ back, on }: { back?: string; on?: boolean }) {
  const root = useRootData();
  const lite = on ?? root?.litePages === true;
  return (
    <form method="post" action="/lite-pages" className="switch">
      <CsrfField />
      {back === undefined ? null : <input type="hidden" name="back" value={back} />}
      <input type="hidden" name="lite" value={lite ? "off" : "on"} />
      <span>{lite ? m.lite_pages_on() : m.lite_pages_off()}</span>{" "}
      <button type="submit" className="secondary">
        {lite ? m.lite_pages_turn_off() : m.lite_pages_turn_on()}
        {/* Named apart from the other buttons of the page ("Turn on Lite pages"). */}
        <span className="visually-hidden"> {m.lite_pages_what()}</span>
      </button>
    </form>
  );
}
