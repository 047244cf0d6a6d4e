import type { SubmissionResult } from "@conform-to/react";

/** A funding form's last answer from the server; a new `replyId` starts the form afresh. */
export type FormReply = { result: SubmissionResult<string[]>; replyId: string };
