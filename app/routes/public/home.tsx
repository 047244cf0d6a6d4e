import { AppLink } from "../../components/app-link.tsx";
import { SanitizedHtml } from "../../components/content-page.tsx";
import { sanitizedSitePage } from "../../content/site-pages.server.ts";
import { titleMeta } from "../../components/meta.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/home";
import { m } from "../../i18n/paraglide/messages.js";
import { PRODUCT_WORDS } from "../../i18n/product-words.ts";
import { PRODUCT_KEYS } from "../../domain/products.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...titleMeta(matches, m.site_home()),
  {
    name: "description",
    content: m.home_description(),
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  // A card per product, in the table's order, said here so the page's module does not carry the table.
  const services = PRODUCT_KEYS.map((product) => ({
    product,
    name: PRODUCT_WORDS[product].home.name(),
    text: PRODUCT_WORDS[product].home.text(),
  }));
  return { services, faq: await sanitizedSitePage(context, "faq") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const productName = useRootData()?.productName ?? "";
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{m.home_heading()}</h1>
        <p>{m.home_intro({ productName })}</p>
        <p className="hero-actions">
          <AppLink to="/register" className="button">
            {m.site_get_started()}
          </AppLink>
          <AppLink to="/login" className="button secondary">
            {m.site_login()}
          </AppLink>
          <AppLink to="/contact-us" className="button outline">
            {m.home_contact_us()}
          </AppLink>
          <AppLink to="/pricing" className="button outline">
            {m.site_pricing()}
          </AppLink>
        </p>
      </section>
      <section aria-labelledby="services-heading">
        <h2 id="services-heading">{m.home_services_heading()}</h2>
        <div className="card-grid">
          {loaderData.services.map((service) => (
            <article key={service.product}>
              <h3>{service.name}</h3>
              <p>{service.text}</p>
            </article>
          ))}
        </div>
      </section>
      {loaderData.faq ? (
        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading">{m.home_faq_heading()}</h2>
          <SanitizedHtml html={loaderData.faq} />
        </section>
      ) : null}
    </>
  );
}
