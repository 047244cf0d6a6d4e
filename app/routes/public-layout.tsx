import { Outlet } from "react-router";
import { AppLink, AppNavLink } from "../components/app-link.tsx";
import { requestInfoContext } from "../infra/context.ts";
import { copyrightLine, whatsappLink } from "../domain/site.ts";
import { useRootData } from "../root.tsx";
import { forPage } from "../upstream/page.server.ts";
import { getSitePages } from "../upstream/public.server.ts";
import type { Route } from "./+types/public-layout";

// The public site needs no script: the sticky header, the scroll-to-top link and the
// chat link are plain HTML and CSS (docs/decisions/003-public-pages-ship-no-javascript.md).
export const handle = { hydrate: false };

export async function loader({ context }: Route.LoaderArgs) {
  const pages = await forPage(getSitePages(context.get(requestInfoContext).requestId));
  return { whatsappUrl: whatsappLink(pages.whatsappPhone), year: new Date().getFullYear() };
}

const menu = [
  { to: "/", label: "Home" },
  { to: "/about-us", label: "About" },
  { to: "/pricing", label: "Pricing" },
  { to: "/contact-us", label: "Contact Us" },
];

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const productName = useRootData()?.productName ?? "";
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <nav className="container" aria-label="Main">
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
                  {item.label}
                </AppNavLink>
              </li>
            ))}
            <li>
              <AppLink to="/register" className="button">
                Get Started
              </AppLink>
            </li>
            <li>
              <AppLink to="/login" className="button outline">
                Login
              </AppLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="container">
        <Outlet />
      </main>
      <footer className="site-footer container">
        <nav aria-label="Legal">
          <ul>
            <li>
              <AppLink to="/terms-and-conditions">Terms and Conditions</AppLink>
            </li>
            <li>
              <AppLink to="/privacy-policy">Privacy Policy</AppLink>
            </li>
          </ul>
        </nav>
        <p>{copyrightLine(productName, loaderData.year)}</p>
        {loaderData.whatsappUrl ? (
          <a className="chat-link" href={loaderData.whatsappUrl} rel="noopener noreferrer" target="_blank">
            Chat with us on WhatsApp
          </a>
        ) : null}
        <a className="to-top" href="#top">
          Back to top
        </a>
      </footer>
    </>
  );
}
