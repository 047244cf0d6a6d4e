import * as z from "zod/mini";
import { authenticated } from "../accounts/auth.ts";
import type { SandboxContext } from "../http/context.ts";
import { field, readJsonObject, text } from "../http/input.ts";
import { consumeOtp, issueOtp } from "../accounts/otp.ts";
import { statusMessage } from "../http/responses.ts";
import type { Route } from "../http/router.ts";

const otpCode = text({ required: "OTP is required.", notText: "OTP must be exactly 4 digits." }).check(
  z.regex(/^\d{4}$/, "OTP must be exactly 4 digits."),
);

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
      const otp = field(read.body, "otp", otpCode);
      if ("error" in otp) {
        return statusMessage(400, otp.error);
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
