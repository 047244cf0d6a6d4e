import { data } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { csrfCookie } from "./session.server.ts";

// Opera Mini and old browsers ignore SameSite, so every form also carries a token bound to a
// signed cookie (DESIGN.md §8). React Router's own origin check stays on in front of this.
export const csrf = new CSRF({ cookie: csrfCookie, formDataKey: "csrf" });

/** Throws a 403 page when the form's token does not match the browser's cookie. */
export async function requireValidCsrf(formData: FormData, request: Request): Promise<void> {
  try {
    await csrf.validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw data({ reason: "csrf" }, { status: 403 });
    }
    throw error;
  }
}
