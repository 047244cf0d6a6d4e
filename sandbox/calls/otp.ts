import { authenticated } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { readJsonObject, textField } from "../http/input.ts";
import { consumeOtp, issueOtp } from "../accounts/otp.ts";
import { statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";

export const otpRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "POST",
    path: "/v1/user/otp-verification/",
    handle: authenticated(async (context, { user }) => {
      const read = await readJsonObject(context.request);
      if (!read.ok) {
        return statusMessage(400, read.message);
      }
      // A string, as the portal sends it (call 6): a JSON number would lose a leading zero.
      const otp = textField(read.body, "otp");
      if (otp.state === "missing") {
        return statusMessage(400, "OTP is required.");
      }
      if (otp.state === "wrong-type" || !/^\d{4}$/.test(otp.value)) {
        return statusMessage(400, "OTP must be exactly 4 digits.");
      }
      if (!consumeOtp(context, user.id, otp.value)) {
        return statusMessage(400, "Invalid or expired OTP.");
      }
      return statusMessage(200, "OTP verified successfully.");
    }),
  },
  {
    method: "GET",
    path: "/v1/user/resend-otp/",
    handle: authenticated((context, { user }) => {
      issueOtp(context, user);
      return statusMessage(200, "Otp resent to your email box.");
    }),
  },
];
