import type { RouterContextProvider } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { requestInfoContext } from "../../infra/context.ts";
import { userLevelLabel } from "../../domain/labels.ts";
import { pricingCards } from "../../domain/pricing.ts";
import { sessionToken } from "../../session/auth.server.ts";
import { getProfile } from "../../upstream/account.server.ts";
import { UpstreamError } from "../../upstream/errors.ts";
import { getLevelDiscounts } from "../../upstream/purchases.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { forPage } from "../../upstream/page.server.ts";
import { getSubcategoryList } from "../../upstream/public.server.ts";
import { upstreamTarget } from "../../upstream/transport.server.ts";
import type { Route } from "./+types/pricing";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.site_pricing());

/**
 * Signed in: the person's level and their discount per provider (decision 046). Null signed
 * out, and when the upstream cannot say (an expired token, an outage): this page is public, so
 * it then shows the public prices rather than an error or the login page.
 */
async function levelPrices(context: Readonly<RouterContextProvider>, requestId: string) {
  const token = await sessionToken(context);
  if (token === null) return null;
  try {
    const [user, discounts] = await Promise.all([
      getProfile(requestId, token),
      getLevelDiscounts({ requestId, token }),
    ]);
    const level = userLevelLabel(user.level);
    return level === null ? null : { level, discounts };
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const { requestId } = context.get(requestInfoContext);
  const [subcategories, signedIn] = await Promise.all([
    forPage(getSubcategoryList(requestId)),
    levelPrices(context, requestId),
  ]);
  return {
    cards: pricingCards(subcategories, upstreamTarget().assetBase, signedIn?.discounts),
    level: signedIn?.level ?? null,
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>{m.site_pricing()}</h1>
      {loaderData.level === null ? (
        <p>{m.pricing_normal_note()}</p>
      ) : (
        <>
          <h2>{m.pricing_your_prices({ level: loaderData.level })}</h2>
          <p>{m.pricing_your_discounts({ level: loaderData.level })}</p>
        </>
      )}
      <div className="card-grid pricing">
        {loaderData.cards.map((card) => (
          <article key={card.id} aria-labelledby={`plan-${card.id}`}>
            <header>
              <img src={card.logoUrl} alt="" width="48" height="48" loading="lazy" decoding="async" />
              <h2 id={`plan-${card.id}`}>{card.title}</h2>
            </header>
            {card.discountPercent ? (
              <p>
                {m.pricing_discount({ percent: card.discountPercent })}
                {loaderData.level !== null && !card.levelDiscount ? ` ${m.pricing_normal_level_discount()}` : null}
              </p>
            ) : null}
            {card.plans.length > 0 ? (
              <ul>
                {card.plans.map((plan) => (
                  <li key={plan.name}>
                    {plan.name}: <strong>{plan.price}</strong>
                  </li>
                ))}
              </ul>
            ) : null}
            <footer>
              <AppLink to="/login" className="button" aria-label={m.pricing_purchase_plan_for({ title: card.title })}>
                {m.pricing_purchase_plan()}
              </AppLink>
            </footer>
          </article>
        ))}
      </div>
    </>
  );
}
