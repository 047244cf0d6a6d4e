import { authenticated } from "../accounts/auth.ts";
import type { Caller } from "../accounts/auth.ts";
import { billerOutcome } from "../purchases/biller.ts";
import { examCard, examDescription, profileDescription, secureDigits } from "../purchases/bills.ts";
import { listCategory, sameTitle, variationLabel } from "../purchases/catalog.ts";
import type { Provider, UserLevel, Variation } from "../purchases/catalog.ts";
import type { SandboxContext } from "../http/context.ts";
import { findJambProfile } from "../purchases/customers.ts";
import { field, nairaAmount, phoneNumber, requiredAlone } from "../http/input.ts";
import type { Checked, JsonObject } from "../http/input.ts";
import { discountedKobo, nairaText } from "../money/money.ts";
import {
  categoryIds,
  priceChangedMessage,
  providerField,
  quoted,
  soldProvider,
  titleField,
  titleMatch,
  variationsByTitle,
} from "../purchases/purchase-fields.ts";
import { handlePurchase } from "../purchases/purchases.ts";
import type { Order } from "../purchases/purchases.ts";
import { json } from "../http/responses.ts";
import type { PathParams, Route } from "../http/router.ts";
import { toWireExamPackage } from "../http/wire.ts";

// Calls 32 to 35: exam PINs; JAMB's are sold only for a profile ID the board has verified.

export const invalidProfileMessage = "Invalid Profile ID. Please check the ID and try again.";

interface Profile {
  readonly profileId: string;
  readonly name: string;
}

export const examRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-exam-packages/",
    handle: authenticated(({ db }, { user }) =>
      json(listCategory(db, user.level, categoryIds.exam).map(toWireExamPackage)),
    ),
  },
  {
    method: "GET",
    path: "/v1/get-exam-type/:title/",
    handle: authenticated(({ db }, { user }, params) =>
      variationsByTitle(db, user.level, "exam", params["title"], "Exam type not found."),
    ),
  },
  {
    // Call 34 has no outer data, unlike 26 and 30 (docs/upstream-api.md); every failure is HTTP 200 with
    // content.error, shown under the profile ID.
    method: "GET",
    path: "/v1/validate-exam/:subcategory_id/:title/:profile_id/:variation_code/",
    handle: authenticated(({ db }, { user }, params) => {
      const verified = verifyProfile(db, user.level, params);
      return json({
        content: "error" in verified ? { error: verified.error } : { Customer_Name: verified.value.name },
      });
    }),
  },
  {
    method: "POST",
    path: "/v1/purchase-exam-pins/",
    handle: authenticated((context, caller) =>
      handlePurchase(context, caller, (body) => checkExam(context, caller, body)),
    ),
  },
];

// Only JAMB asks for a profile ID, and it is known by its title.
function needsProfile(provider: Provider): boolean {
  return sameTitle(provider.title, "JAMB");
}

function verifyProfile(db: SandboxContext["db"], level: UserLevel, params: PathParams): Checked<Profile> {
  const provider = soldProvider(db, level, "exam", params["subcategory_id"]);
  if ("error" in provider) {
    return provider;
  }
  const title = titleMatch(params["title"] ?? "", provider.value);
  if ("error" in title) {
    return title;
  }
  if (!needsProfile(provider.value)) {
    return { error: `${provider.value.title} PINs need no profile verification.` };
  }
  const variation = findVariation(provider.value, params["variation_code"]);
  if ("error" in variation) {
    return variation;
  }
  const profileId = (params["profile_id"] ?? "").trim();
  const profile = findJambProfile(profileId);
  return profile === undefined ? { error: invalidProfileMessage } : { value: { profileId, name: profile.name } };
}

function findVariation(provider: Provider, value: unknown): Checked<Variation> {
  if (value === undefined || value === null || value === "") {
    return { error: "Select a PIN type from the list." };
  }
  const found =
    typeof value === "string" ? provider.variations.find((item) => item.variationCode === value.trim()) : undefined;
  const shown = typeof value === "string" ? ` ${quoted(value, 40)}` : "";
  return found === undefined
    ? { error: `${provider.title} has no PIN type${shown}. Select one from the list.` }
    : { value: found };
}

// Call 35 (docs/upstream-api.md): service_id is the provider title and amount the variant's price, which
// must agree with the catalog; a JAMB profile is verified here again, since the upstream
// never trusts a caller to have called #34 first. Pending and failing go by phone number,
// as for airtime.
function checkExam({ db }: SandboxContext, { user }: Caller, body: JsonObject): Checked<Order> {
  const provider = providerField(db, user.level, "exam", body);
  if ("error" in provider) {
    return provider;
  }
  const title = titleField(body, "service_id", provider.value);
  if ("error" in title) {
    return title;
  }
  const variation = findVariation(provider.value, body["variation_code"]);
  if ("error" in variation) {
    return variation;
  }
  let profile: Profile | undefined;
  if (needsProfile(provider.value)) {
    const given = field(body, "billersCode", requiredAlone("Profile ID is required."));
    if ("error" in given) {
      return given;
    }
    const found = findJambProfile(given.value);
    if (found === undefined) {
      return {
        error: `Profile ID ${quoted(given.value)} could not be verified with ${provider.value.title}. Please check the ID and verify it again.`,
      };
    }
    profile = { profileId: given.value, name: found.name };
  }
  const phone = field(body, "phone", phoneNumber());
  if ("error" in phone) {
    return phone;
  }
  const amount = field(body, "amount", nairaAmount());
  if ("error" in amount) {
    return amount;
  }
  if (amount.value !== variation.value.amountKobo) {
    return { error: priceChangedMessage(variation.value.amountKobo) };
  }
  return { value: examOrder(provider.value, variation.value, phone.value, profile) };
}

// Worded as the demo history words its exam rows (purchases/bills.ts); the serial and PIN come with
// delivery, so a pending purchase shows them once it settles.
function examOrder(provider: Provider, variation: Variation, phone: string, profile: Profile | undefined): Order {
  const label = variationLabel(provider, variation);
  const chargeKobo = discountedKobo(variation.amountKobo, provider.discountBasisPoints);
  const charge = nairaText(chargeKobo);
  return {
    transaction: {
      product: "exam",
      subcategoryId: provider.id,
      plan: label,
      phoneNumber: phone,
      description: examDescription(label, false),
      description2: profile === undefined ? "" : profileDescription(profile.profileId, profile.name),
      subtotalKobo: variation.amountKobo,
      amountKobo: chargeKobo,
    },
    handover: { description: examDescription(label, true), examCard: examCard(provider.key, secureDigits) },
    outcome: billerOutcome([phone]),
    messages: {
      delivered:
        `Your ${label} is ready: the serial and PIN are under Exam Card in your transaction history. ` +
        `You were charged ${charge}.`,
      pending:
        `Your ${label} purchase is pending with the provider. ` +
        `${charge} has been taken from your wallet; check your transactions for the outcome.`,
      failed: (number) => `The biller could not complete this purchase for ${number}. Your wallet has been refunded.`,
    },
  };
}
