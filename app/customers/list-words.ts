import { LIST_MAX_NUMBERS, LIST_NAME_MAX_LENGTH, type ListProblem, LISTS_LIMIT } from "../domain/customer-lists.ts";
import { m } from "../i18n/paraglide/messages.js";

// A customer list's problems in the request's language (decision 086): the rules name them
// (app/domain/customer-lists.ts), this words them, for the lists page and the bulk review alike.

export type ListFieldErrors = { name?: string; numbers?: string };

/** The message for `problem`, and the field it belongs next to. */
export function listProblemWords(
  problem: ListProblem,
  facts: { name: string; count: number },
): { field: keyof ListFieldErrors; message: string } {
  switch (problem) {
    case "nameRequired":
      return { field: "name", message: m.lists_name_required() };
    case "nameTooLong":
      return { field: "name", message: m.lists_name_too_long({ max: LIST_NAME_MAX_LENGTH }) };
    case "nameTaken":
      return { field: "name", message: m.lists_name_taken({ name: facts.name }) };
    case "full":
      return { field: "name", message: m.lists_full({ max: LISTS_LIMIT }) };
    case "noNumbers":
      return { field: "numbers", message: m.lists_no_numbers() };
    case "tooMany":
      return { field: "numbers", message: m.lists_too_many({ max: LIST_MAX_NUMBERS, count: facts.count }) };
  }
}
