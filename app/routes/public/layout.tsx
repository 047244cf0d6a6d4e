import { Outlet, useLocation, useMatches } from "react-router";
import { AppLink, AppNavLink } from "../../components/app-link.tsx";
import { LanguageForm } from "../../components/language-form.tsx";
import { LitePagesForm } from "../../components/lite-pages-form.tsx";
import { m } from "../../i18n/paraglide/messages.js";
import { requestInfoContext } from "../../infra/context.ts";
import { whatsappLink } from "../../domain/site.ts";
import { useRootData } from "../../root.tsx";
import { forPage } from "../../upstream/page.server.ts";
import { getSitePages } from "../../upstream/public.server.ts";
import type { Route } from "./+types/layout";

// The public site needs no script: the sticky header, the scroll-to-top link and the
// chat link are plain HTML and CSS (docs/decisions/003-public-pages-ship-no-javascript.md).
export const handle = { hydrate: false };

export async function loader({ context }: Route.LoaderArgs) {
  const pages = await forPage(getSitePages(context.get(requestInfoContext).requestId));
  return { whatsappUrl: whatsappLink(pages.whatsappPhone), year: new Date().getFullYear() };
}

const menu = [
  { to: "/", label: m.site_home },
  { to: "/about-us", label: m.site_about },
  { to: "/pricing", label: m.site_pricing },
  { to: "/contact-us", label: m.site_contact_us },
];

/**
 * Where the language form returns to: this page. The page-not-found is kept once for every
 * unknown address (decision 029), so it names none, and the browser's Referer says which.
 */
function useLanguageFormBack(): string | undefined {
  const { pathname } = useLocation();
  const notFound = useMatches().some((match) => match.id === "routes/public/not-found");
  return notFound ? undefined : pathname;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const productName = useRootData()?.productName ?? "";
  const back = useLanguageFormBack();
  return (
    <>
      <a className="skip-link" href="#main">
        {m.site_skip_link()}
      </a>
      <header className="site-header">
        <nav className="container" aria-label={m.site_nav_main()}>
          <ul>
            <li>
              <AppLink to="/" className="brand">
                {productName}
              </AppLink>
            </li>
          </ul>
          <ul className="site-menu">
            {menu.map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} end>
                  {item.label()}
                </AppNavLink>
              </li>
            ))}
            <li>
              <AppLink to="/register" className="button">
                {m.site_get_started()}
              </AppLink>
            </li>
            <li>
              <AppLink to="/login" className="button outline">
                {m.site_login()}
              </AppLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="container">
        <Outlet />
      </main>
      <footer className="site-footer container">
        <nav aria-label={m.site_nav_legal()}>
          <ul>
            <li>
              <AppLink to="/terms-and-conditions">{m.site_terms()}</AppLink>
            </li>
            <li>
              <AppLink to="/privacy-policy">{m.site_privacy()}</AppLink>
            </li>
          </ul>
        </nav>
        <LanguageForm back={back} />
        <LitePagesForm back={back} />
        <p>{m.site_copyright({ year: loaderData.year, productName })}</p>
        {loaderData.whatsappUrl ? (
          <a className="chat-link" href={loaderData.whatsappUrl} rel="noopener noreferrer" target="_blank">
            {m.site_whatsapp_chat()}
          </a>
        ) : null}
        <a className="to-top" href="#top">
          {m.site_back_to_top()}
        </a>
      </footer>
    </>
  );
}
