import { AppLink } from "../components/app-link.tsx";
import { SanitizedHtml } from "../components/content-page.tsx";
import { sanitizedSitePage } from "../content/site-pages.server.ts";
import { titleMeta } from "../components/meta.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/home";
import { m } from "../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...titleMeta(matches, m.site_home()),
  {
    name: "description",
    content: m.home_description(),
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { faq: await sanitizedSitePage(context, "faq") };
}

const services = [
  { id: "airtime", name: m.home_airtime, text: m.home_airtime_text },
  { id: "data", name: m.home_data, text: m.home_data_text },
  { id: "cable", name: m.home_cable, text: m.home_cable_text },
  { id: "electricity", name: m.home_electricity, text: m.home_electricity_text },
  { id: "exam-pins", name: m.home_exam_pins, text: m.home_exam_pins_text },
  { id: "bulk-sms", name: m.home_bulk_sms, text: m.home_bulk_sms_text },
];

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
          {services.map((service) => (
            <article key={service.id}>
              <h3>{service.name()}</h3>
              <p>{service.text()}</p>
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
