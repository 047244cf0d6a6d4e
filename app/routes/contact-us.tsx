import { requestInfoContext } from "../infra/context.ts";
import { parseContact, socialLinks, whatsappLink } from "../domain/site.ts";
import { titleMeta } from "../components/meta.ts";
import { forPage } from "../upstream/page.server.ts";
import { getSitePages } from "../upstream/public.server.ts";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Contact Us");

export async function loader({ context }: Route.LoaderArgs) {
  const pages = await forPage(getSitePages(context.get(requestInfoContext).requestId));
  return {
    contact: parseContact(pages.contact),
    social: socialLinks(pages.social),
    whatsappUrl: whatsappLink(pages.whatsappPhone),
  };
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { contact, social, whatsappUrl } = loaderData;
  return (
    <>
      <h1>Contact Us</h1>
      <div className="card-grid">
        <article>
          <h2>Reach us</h2>
          <dl className="contact-list">
            {contact.address ? (
              <>
                <dt>Address</dt>
                <dd>
                  <address>{contact.address}</address>
                </dd>
              </>
            ) : null}
            {contact.phone ? (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
                </dd>
              </>
            ) : null}
            {contact.email ? (
              <>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </dd>
              </>
            ) : null}
            {whatsappUrl ? (
              <>
                <dt>WhatsApp</dt>
                <dd>
                  <a href={whatsappUrl} rel="noopener noreferrer">
                    Chat with us on WhatsApp
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
        </article>
        {social.length > 0 ? (
          <article>
            <h2>Follow us</h2>
            <ul>
              {social.map((link) => (
                <li key={link.network}>
                  <a href={link.url} rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </article>
        ) : null}
      </div>
    </>
  );
}
