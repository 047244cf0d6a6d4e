import { callUpstream } from "./client.server.ts";
import { inPortalNames } from "./errors.ts";
import { loginResultSchema, logoutResultSchema, messageSchema, userSchema } from "./schemas.ts";

// Calls 3 to 11 and 15 (docs/upstream-api.md). Each takes the request id for the logs and, when the
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

/** Call 3's field names to Registration's: a refusal names the fields as the form does. */
const REGISTRATION_FIELDS = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  username: "email",
  password: "password",
  password2: "confirmPassword",
  phone_no: "phone",
  "profile.phone_no": "phone",
  referred_by: "referral",
  hear_us: "hearUs",
} as const satisfies Record<string, keyof Registration>;

/** Call 3. `username` is the e-mail (docs/upstream-api.md). */
export function register(requestId: string, form: Registration) {
  const call = callUpstream({
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
  return inPortalNames(call, REGISTRATION_FIELDS);
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

export type PersonalInfo = { firstName: string; lastName: string; phone: string };

const PERSONAL_INFO_FIELDS = {
  first_name: "firstName",
  last_name: "lastName",
  phone_no: "phone",
} as const satisfies Record<string, keyof PersonalInfo>;

/** Call 8, the personal-info form; a refusal names the fields as PersonalInfo does. */
export function updatePersonalInfo(requestId: string, token: string, form: PersonalInfo) {
  const call = callUpstream({
    method: "PUT",
    path: "/v1/user/update-profile/",
    schema: messageSchema,
    requestId,
    token,
    body: { first_name: form.firstName, last_name: form.lastName, profile: { phone_no: form.phone } },
  });
  return inPortalNames(call, PERSONAL_INFO_FIELDS);
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
