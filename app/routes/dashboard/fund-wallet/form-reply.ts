import type { FormResult } from "../../../forms/submission.ts";

/** A funding form's last answer from the server; a new `replyId` starts the form afresh. */
export type FormReply = { result: FormResult; replyId: string };
