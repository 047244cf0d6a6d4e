/**
 * Every way an upstream call can fail, as one type. `kind` says what the user can be told:
 * - timeout / unreachable / fault / bad-response: the upstream is not working right now;
 * - unauthenticated: the session's token is no longer accepted;
 * - rejected: the upstream understood and said no (a business or validation error).
 */
export type UpstreamErrorKind = "timeout" | "unreachable" | "fault" | "bad-response" | "unauthenticated" | "rejected";

export class UpstreamError extends Error {
  override name = "UpstreamError";
  readonly kind: UpstreamErrorKind;
  /** HTTP status from the upstream, or 0 when none arrived. */
  readonly status: number;
  readonly code: string | null;
  readonly fieldErrors: Record<string, string[]>;

  constructor(
    kind: UpstreamErrorKind,
    message: string,
    details: { status?: number; code?: string | null; fieldErrors?: Record<string, string[]> } = {},
  ) {
    super(message);
    this.kind = kind;
    this.status = details.status ?? 0;
    this.code = details.code ?? null;
    this.fieldErrors = details.fieldErrors ?? {};
  }

  /** True when nothing the user did caused it and trying again later may work. */
  get isOutage(): boolean {
    return (
      this.kind === "timeout" || this.kind === "unreachable" || this.kind === "fault" || this.kind === "bad-response"
    );
  }

  /**
   * True when a page cannot render for a reason that may pass by itself: an outage, or the
   * upstream refusing with 429 because it is busy. A form still shows a 429's own words
   * (the upstream writes them for the user); a page has nothing to show but the outage page.
   */
  get isTemporary(): boolean {
    return this.isOutage || (this.kind === "rejected" && this.status === 429);
  }

  /** The status a page should answer with when this error stops it from rendering. */
  get pageStatus(): 502 | 503 | 504 {
    if (this.kind === "timeout") return 504;
    // Unreachable, cut off mid-answer, or too busy: the service is unavailable for now.
    if (this.kind === "unreachable" || this.status === 429) return 503;
    return 502;
  }
}

/**
 * Whether the upstream judged what was sent and said no (a wrong password or code), rather
 * than failing to judge it (down, busy): only such an answer counts as a wrong try.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof UpstreamError && error.kind === "rejected" && !error.isTemporary;
}

/** Upstream field names (as the upstream spells them) to the portal's names for the same fields. */
export type FieldNames = Readonly<Record<string, string>>;

/**
 * The same error with its field errors under the portal's names. A field with no portal
 * name keeps the upstream's; a form places only the fields it has and shows the rest above.
 */
export function withFieldNames(error: UpstreamError, names: FieldNames): UpstreamError {
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) fieldErrors[names[field] ?? field] = messages;
  return new UpstreamError(error.kind, error.message, { status: error.status, code: error.code, fieldErrors });
}

/** Awaits an upstream call, renaming the field errors of its refusal (see withFieldNames). */
export async function inPortalNames<T>(call: Promise<T>, names: FieldNames): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof UpstreamError ? withFieldNames(error, names) : error;
  }
}
