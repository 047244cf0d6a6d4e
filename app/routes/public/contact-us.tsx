import { requestInfoContext } from "../../infra/context.ts";
import { parseContact, socialLinks, whatsappLink } from "../../domain/site.ts";
import { titleMeta } from "../../components/meta.ts";
import { forPage } from "../../upstream/page.server.ts";
import { getSitePages } from "../../upstream/public.server.ts";
import type { Route } from "./+types/contact-us";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.site_contact_us());

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
      <h1>{m.site_contact_us()}</h1>
      <div className="card-grid">
        <article>
          <h2>{m.contact_reach_us()}</h2>
          <dl className="contact-list">
            {contact.address ? (
              <>
                <dt>{m.contact_address()}</dt>
                <dd>
                  <address>{contact.address}</address>
                </dd>
              </>
            ) : null}
            {contact.phone ? (
              <>
                <dt>{m.contact_phone()}</dt>
                <dd>
                  <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a>
                </dd>
              </>
            ) : null}
            {contact.email ? (
              <>
                <dt>{m.contact_email()}</dt>
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
                    {m.site_whatsapp_chat()}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
        </article>
        {social.length > 0 ? (
          <article>
            <h2>{m.contact_follow_us()}</h2>
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
