import type { RouterContextProvider } from "react-router";
import { replyWithErrors } from "../../../forms/reply.server.ts";
import { shopDetailsSchema } from "../../../forms/shop.ts";
import { parseForm } from "../../../forms/submission.ts";
import { m } from "../../../i18n/paraglide/messages.js";
import { saveShopDetails } from "../../../settings/shop.server.ts";
import { signedIn } from "../../../session/signed-in.server.ts";
import { redirectWithToast } from "../../../session/toast.server.ts";

// Profile's "Your shop" form (decision 085): saved, or with every field left empty forgotten,
// so the customer copy shows the portal's name again.

export async function saveShop(context: Readonly<RouterContextProvider>, formData: FormData) {
  const submission = parseForm(formData, shopDetailsSchema);
  if (submission.status !== "success") return replyWithErrors(submission, {}, { intent: "shop" });
  const { shopName, shopPhone, shopAddress } = submission.value;
  const details =
    shopName === undefined ? null : { name: shopName, phone: shopPhone ?? "", address: shopAddress ?? "" };
  await saveShopDetails(signedIn(context).user.id, details);
  return redirectWithToast(context, "/dashboard/profile#shop", {
    type: "success",
    message: details === null ? m.shop_cleared() : m.shop_saved({ shopName: details.name }),
  });
}
