import { NAME_MAX_LENGTH, SAVED_LIMIT, type SavedProblem } from "../domain/saved-customers.ts";
import { m } from "../i18n/paraglide/messages.js";

// The Saved numbers rules (app/domain/saved-customers.ts) name what is wrong with an entry;
// this words it in the person's language, when the value is checked, in the browser and in
// the action alike.

/** A problem with a saved entry as the person reads it: "Name is required!" */
export function savedProblemMessage(problem: SavedProblem): string {
  switch (problem) {
    case "nameRequired":
      return m.saved_error_name_required();
    case "nameTooLong":
      return m.saved_error_name_too_long({ max: NAME_MAX_LENGTH });
    case "kind":
      return m.saved_error_kind();
    case "numberRequired":
      return m.saved_error_number_required();
    case "phone":
      return m.saved_error_phone();
    case "digits":
      return m.saved_error_digits();
    case "meterProvider":
      return m.saved_error_meter_provider();
    case "cardProvider":
      return m.saved_error_card_provider();
    case "meterType":
      return m.saved_error_meter_type();
    case "full":
      return m.saved_error_full({ limit: SAVED_LIMIT });
  }
}
