import { referralLink, referralShareHref } from "../../../domain/referral.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { env } from "../../../infra/env.server.ts";
import { referralCodeFor } from "../../../settings/referral-codes.server.ts";
import type { User } from "../../../upstream/schemas.ts";

/** The person's own sign-up link (decision 081), and the WhatsApp message that passes it on. */
export async function referralFor(request: Request, user: Pick<User, "id" | "username">) {
  const link = referralLink(
    env().PUBLIC_ORIGIN ?? new URL(request.url).origin,
    await referralCodeFor(user.id, user.username),
  );
  return { link, whatsApp: referralShareHref(env().PRODUCT_NAME, link, m.profile_friend_message) };
}
