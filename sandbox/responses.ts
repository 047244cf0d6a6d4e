export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return Response.json(body, { status, headers });
}

// CONTRACT.md's business-error envelope; also used for the sandbox's own 404/405/500.
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
