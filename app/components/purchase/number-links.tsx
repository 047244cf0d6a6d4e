import { useHydrated } from "remix-utils/use-hydrated";
import type { RecentList } from "../../purchases/step.ts";

/**
 * The numbers the person saved under names (decision 050), or bought for before (027). Each
 * is a link that opens this page with the form filled (`?phone=…`), so it works without
 * JavaScript; with it, a tap fills the fields in place, nothing typed elsewhere is lost, and
 * the next empty field takes the focus. A list box (Bulk SMS's phone numbers) that already
 * holds numbers gets the tapped one added to them.
 */
export function NumberLinks({
  id,
  list,
  fill,
}: {
  id: string;
  list: RecentList;
  fill: (name: string, value: string) => void;
}) {
  const hydrated = useHydrated();
  if (list === null || list.numbers.length === 0) return null;
  return (
    <section className="recent-numbers" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{list.heading}</h2>
      <ul>
        {list.numbers.map(({ text, fields }) => (
          <li key={text}>
            <a
              href={`?${new URLSearchParams(fields).toString()}`}
              onClick={
                hydrated
                  ? (event) => {
                      event.preventDefault();
                      const form = event.currentTarget.closest("form");
                      for (const [name, value] of Object.entries(fields)) fill(name, added(form, name, value));
                      nextStep(form, Object.keys(fields))?.focus();
                    }
                  : undefined
              }
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `value` added to a list box's numbers, unless it holds it already; any other field's new value. */
function added(form: HTMLFormElement | null, name: string, value: string): string {
  const box = form?.elements.namedItem(name);
  if (!(box instanceof HTMLTextAreaElement) || box.value.trim() === "") return value;
  const numbers = box.value.split(/[\s,]+/).filter(Boolean);
  return numbers.includes(value) ? box.value : `${numbers.join(", ")}, ${value}`;
}

/**
 * Where a person goes once a recent number has filled `filled`: the first field after them
 * that is still empty and open (not locked until Verify), or else the first button after them
 * (Process, or Verify).
 */
function nextStep(form: HTMLFormElement | null, filled: readonly string[]): HTMLElement | null {
  if (form === null) return null;
  const controls = [...form.elements].filter(
    (element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement =>
      (element instanceof HTMLInputElement && element.type !== "hidden") ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLButtonElement,
  );
  const after = controls.slice(controls.findLastIndex((control) => filled.includes(control.name)) + 1);
  const usable = after.filter(
    (control) =>
      !control.disabled &&
      !("readOnly" in control && control.readOnly) &&
      control.getAttribute("aria-disabled") !== "true" &&
      control.getClientRects().length > 0,
  );
  return (
    usable.find((control) => !(control instanceof HTMLButtonElement) && control.value === "") ??
    usable.find((control) => control instanceof HTMLButtonElement) ??
    null
  );
}
