import { AppLink } from "../components/app-link.tsx";
import { SanitizedHtml } from "../components/content-page.tsx";
import { sanitizedSitePage } from "../content/site-pages.server.ts";
import { titleMeta } from "../components/meta.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...titleMeta(matches, "Home"),
  {
    name: "description",
    content: "Buy airtime, data, cable TV, electricity, exam pins and bulk SMS from one naira wallet.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { faq: await sanitizedSitePage(context, "faq") };
}

const services = [
  { name: "Airtime", text: "MTN, Airtel, Glo and 9mobile top-up in seconds, at a discount." },
  { name: "Data", text: "Data bundles for every network, from daily plans to monthly gigabytes." },
  { name: "Cable TV", text: "Renew DStv, GOtv and StarTimes after checking the smart card." },
  { name: "Electricity", text: "Prepaid tokens and postpaid bills for every distribution company." },
  { name: "Exam pins", text: "WAEC, NECO, NABTEB and JAMB pins, delivered with your receipt." },
  { name: "Bulk SMS", text: "Send one message to many numbers with your own sender ID." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const productName = useRootData()?.productName ?? "";
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">Pay bills and top up from one wallet</h1>
        <p>
          {productName} lets customers and resellers buy airtime, data, cable TV, electricity, exam pins and bulk SMS
          from a naira wallet, on any phone.
        </p>
        <p className="hero-actions">
          <AppLink to="/register" className="button">
            Get Started
          </AppLink>
          <AppLink to="/login" className="button secondary">
            Login
          </AppLink>
          <AppLink to="/contact-us" className="button outline">
            Contact us
          </AppLink>
          <AppLink to="/pricing" className="button outline">
            Pricing
          </AppLink>
        </p>
      </section>
      <section aria-labelledby="services-heading">
        <h2 id="services-heading">What you can pay for</h2>
        <div className="card-grid">
          {services.map((service) => (
            <article key={service.name}>
              <h3>{service.name}</h3>
              <p>{service.text}</p>
            </article>
          ))}
        </div>
      </section>
      {loaderData.faq ? (
        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading">Frequently asked questions</h2>
          <SanitizedHtml html={loaderData.faq} />
        </section>
      ) : null}
    </>
  );
}
