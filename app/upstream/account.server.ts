import { callUpstream } from "./client.server.ts";
import { loginResultSchema, logoutResultSchema, messageSchema, userSchema } from "./schemas.ts";

// CONTRACT.md calls 3 to 11 and 15. Each takes the request id for the logs and, when the
// call is authenticated, the session's upstream token.

export type Registration = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  referral: string;
  hearUs: string;
};

/** Call 3. `username` is the e-mail (SPEC.md §3). */
export function register(requestId: string, form: Registration) {
  return callUpstream({
    method: "POST",
    path: "/v1/register/",
    schema: messageSchema,
    requestId,
    body: {
      first_name: form.firstName,
      last_name: form.lastName,
      username: form.email,
      email: form.email,
      password: form.password,
      password2: form.confirmPassword,
      profile: { phone_no: form.phone, referred_by: form.referral, hear_us: form.hearUs },
    },
  });
}

/** Call 4: the upstream token. */
export async function login(requestId: string, email: string, password: string): Promise<string> {
  const result = await callUpstream({
    method: "POST",
    path: "/v1/login/",
    schema: loginResultSchema,
    requestId,
    body: { email, password },
  });
  return result.key;
}

/** Call 5. */
export function getProfile(requestId: string, token: string) {
  return callUpstream({ method: "GET", path: "/v1/user/profile/", schema: userSchema, requestId, token });
}

/** Call 6. */
export function verifyOtp(requestId: string, token: string, otp: string) {
  return callUpstream({
    method: "POST",
    path: "/v1/user/otp-verification/",
    schema: messageSchema,
    requestId,
    token,
    body: { otp },
  });
}

/** Call 7. */
export function resendOtp(requestId: string, token: string) {
  return callUpstream({ method: "GET", path: "/v1/user/resend-otp/", schema: messageSchema, requestId, token });
}

/** Call 8, the personal-info form. */
export function updatePersonalInfo(
  requestId: string,
  token: string,
  form: { firstName: string; lastName: string; phone: string },
) {
  return callUpstream({
    method: "PUT",
    path: "/v1/user/update-profile/",
    schema: messageSchema,
    requestId,
    token,
    body: { first_name: form.firstName, last_name: form.lastName, profile: { phone_no: form.phone } },
  });
}

/** Call 9. */
export function requestPasswordReset(requestId: string, email: string) {
  return callUpstream({
    method: "POST",
    path: "/password_reset/",
    schema: messageSchema.passthrough(),
    requestId,
    body: { email },
  });
}

/** Call 10. */
export function resetPassword(
  requestId: string,
  form: { token: string; newPassword: string; confirmPassword: string },
) {
  return callUpstream({
    method: "POST",
    path: "/v1/reset_password/",
    schema: messageSchema,
    requestId,
    body: { new_password: form.newPassword, confirm_new_password: form.confirmPassword, password_token: form.token },
  });
}

/** Call 15. */
export function logout(requestId: string, token: string) {
  return callUpstream({
    method: "POST",
    path: "/v1/logout/",
    schema: logoutResultSchema,
    requestId,
    token,
    body: { token },
  });
}
