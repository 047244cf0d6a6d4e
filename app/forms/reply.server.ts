import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { expireSessionOn } from "../session/auth.server.ts";
import { m } from "../i18n/paraglide/messages.js";
import { UpstreamError } from "../upstream/errors.ts";
import type { FormResult, ReplyOptions as ResultOptions } from "./submission.ts";

type ReplyOptions = {
  hideFields?: string[];
  /** The form's fields: an upstream field error under one of these names is shown beside it. */
  fields?: readonly string[];
  /** On pages with several forms, which one this reply belongs to. */
  intent?: string;
};
/** `replyId` is new for every reply, so a page can start a form afresh for each answer. */
type ReplyData = { result: FormResult; intent?: string; replyId: string };

/** Any parsed form, whatever its schema: all these helpers need is its reply. */
type Replyable = { reply(options?: ResultOptions): FormResult };

export function outageMessage(error: UpstreamError): string {
  if (error.kind === "timeout") return m.valid_outage_timeout();
  return m.valid_outage_unreachable();
}

/** The form back with its errors and the user's input, as a 400 (or 429 when locked). */
export function replyWithErrors(
  submission: Replyable,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  options: ReplyOptions & { status?: number } = {},
) {
  return data<ReplyData>(
    {
      result: submission.reply({
        formErrors: errors.formErrors,
        fieldErrors: errors.fieldErrors,
        hideFields: options.hideFields,
      }),
      intent: options.intent,
      replyId: randomUUID(),
    },
    { status: options.status ?? 400 },
  );
}

/**
 * Turns a failed upstream call into the same form, input kept, with what happened:
 * the upstream's own words for a refusal (its field errors beside the form's `fields`, which
 * app/upstream names as the portal does), a plain outage message otherwise. An expired token goes to /login.
 */
export async function replyWithUpstreamError(
  submission: Replyable,
  error: unknown,
  context: Readonly<RouterContextProvider>,
  options: ReplyOptions = {},
) {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.kind === "unauthenticated") return expireSessionOn(error, context);
  if (error.isOutage) {
    return replyWithErrors(
      submission,
      { formErrors: [outageMessage(error)] },
      { ...options, status: error.pageStatus },
    );
  }
  const fieldErrors: Record<string, string[]> = {};
  const unplaced: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (options.fields?.includes(field)) fieldErrors[field] = messages;
    else unplaced.push(...messages);
  }
  const placedAny = Object.keys(fieldErrors).length > 0;
  const formErrors = unplaced.length > 0 ? [...new Set(unplaced)] : placedAny ? [] : [error.message];
  return replyWithErrors(submission, { formErrors, fieldErrors }, options);
}
