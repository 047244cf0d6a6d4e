import { AppLink } from "../components/app-link.tsx";
import { requestInfoContext } from "../infra/context.ts";
import { pricingCards } from "../domain/pricing.ts";
import { titleMeta } from "../components/meta.ts";
import { forPage } from "../upstream/page.server.ts";
import { getSubcategoryList } from "../upstream/public.server.ts";
import { upstreamTarget } from "../upstream/transport.server.ts";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Pricing");

export async function loader({ context }: Route.LoaderArgs) {
  const subcategories = await forPage(getSubcategoryList(context.get(requestInfoContext).requestId));
  return { cards: pricingCards(subcategories, upstreamTarget().assetBase) };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Pricing</h1>
      <p>Discounts shown are for a Normal account. Agents, resellers and API users get more.</p>
      <div className="card-grid pricing">
        {loaderData.cards.map((card) => (
          <article key={card.id} aria-labelledby={`plan-${card.id}`}>
            <header>
              <img src={card.logoUrl} alt="" width="48" height="48" loading="lazy" decoding="async" />
              <h2 id={`plan-${card.id}`}>{card.title}</h2>
            </header>
            {card.discount ? <p>{card.discount}</p> : null}
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
              <AppLink to="/login" className="button" aria-label={`Purchase Plan: ${card.title}`}>
                Purchase Plan
              </AppLink>
            </footer>
          </article>
        ))}
      </div>
    </>
  );
}
