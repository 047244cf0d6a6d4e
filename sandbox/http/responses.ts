export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers });
}

// A body already serialised, as a stored purchase answer is, so a replay is the same bytes.
export function jsonText(text: string, status: number, headers: HeadersInit = {}): Response {
  return new Response(text, { status, headers: { "content-type": "application/json", ...headers } });
}

// The upstream's refusal envelope; also used for the sandbox's own 404/405/500.
export function statusMessage(status: number, message: string, headers: HeadersInit = {}): Response {
  return json({ status, message }, status, headers);
}

export function notFound(): Response {
  return statusMessage(404, "Not found.");
}

export function methodNotAllowed(allowed: readonly string[]): Response {
  return statusMessage(405, "Method not allowed.", { Allow: allowed.join(", ") });
}

export function serverError(): Response {
  return statusMessage(500, "Server error.");
}

export interface ValidationIssue {
  readonly code: string;
  readonly detail: string;
  readonly attr: string | null;
}

// The envelope for login, forgot-password and SMS-package errors (docs/upstream-api.md).
export function validationError(errors: readonly ValidationIssue[]): Response {
  return json({ type: "validation_error", errors }, 400);
}

// The register envelope: message repeats the first error so a client that reads
// only message still has something to show.
export function fieldErrors(data: Readonly<Record<string, readonly string[]>>): Response {
  const first = Object.values(data).find((messages) => messages.length > 0)?.[0] ?? "Invalid input.";
  return json({ status: 400, message: first, data }, 400);
}

const authenticationDetails = {
  not_authenticated: "Authentication credentials were not provided.",
  authentication_failed: "Invalid token.",
} as const;

export function unauthenticated(code: keyof typeof authenticationDetails): Response {
  return json({ type: "client_error", errors: [{ code, detail: authenticationDetails[code], attr: null }] }, 401, {
    "WWW-Authenticate": 'Bearer realm="api"',
  });
}
