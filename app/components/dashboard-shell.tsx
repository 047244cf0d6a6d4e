import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { m } from "../i18n/paraglide/messages.js";
import { AppLink, AppNavLink } from "./app-link.tsx";
import { LanguageForm } from "./language-form.tsx";
import { LitePagesForm } from "./lite-pages-form.tsx";
import { LogoutControl } from "./logout.tsx";

// The sidebar's four groups (Funding, Airtime & Data, Utility Bill, Others), linking every signed-in screen.
// Each label is its message, said in the request's language when the menu is drawn.
const NAVIGATION = [
  {
    id: "funding",
    group: m.dashboard_group_funding,
    links: [{ to: "/dashboard/fund-wallet", label: m.dashboard_fund_wallet }],
  },
  {
    id: "airtime-data",
    group: m.dashboard_group_airtime_data,
    links: [
      { to: "/dashboard/purchase-airtime", label: m.dashboard_purchase_airtime },
      { to: "/dashboard/purchase-data", label: m.dashboard_purchase_data },
      { to: "/dashboard/bulk-purchase", label: m.dashboard_bulk_purchase },
    ],
  },
  {
    id: "utility",
    group: m.dashboard_group_utility,
    links: [
      { to: "/dashboard/pay-for-tv", label: m.dashboard_pay_cable },
      { to: "/dashboard/pay-for-electricity", label: m.dashboard_pay_electricity },
      { to: "/dashboard/purchase-exam-pins", label: m.dashboard_exam_pins },
      { to: "/dashboard/renewals", label: m.dashboard_due_renewals },
    ],
  },
  {
    id: "others",
    group: m.dashboard_group_others,
    links: [
      { to: "/dashboard/send-sms", label: m.dashboard_bulk_sms },
      { to: "/dashboard/saved-numbers", label: m.dashboard_saved_numbers },
      { to: "/dashboard/customer-lists", label: m.dashboard_customer_lists },
      { to: "/dashboard/transactions", label: m.dashboard_transactions },
      { to: "/dashboard/profit", label: m.dashboard_profit },
      { to: "/dashboard/profile", label: m.dashboard_profile },
    ],
  },
] as const;

export function DashboardShell({
  productName,
  fullName,
  children,
}: {
  productName: string;
  fullName: string;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  return (
    <div className="dashboard">
      <a className="skip-link" href="#main">
        {m.site_skip_link()}
      </a>
      <header className="topbar">
        <nav className="container-fluid" aria-label={m.dashboard_nav_account()}>
          <ul>
            <li>
              <AppLink to="/dashboard" className="brand">
                {productName}
              </AppLink>
            </li>
          </ul>
          <ul>
            <li className="user-name">{fullName}</li>
            <li>
              <AppLink to="/dashboard/profile">{m.dashboard_profile()}</AppLink>
            </li>
            <li>
              <LogoutControl />
            </li>
          </ul>
        </nav>
      </header>
      <div className="dashboard-body">
        <details className="sidebar">
          <summary>{m.dashboard_menu()}</summary>
          <nav aria-label={m.dashboard_nav_menu()}>
            <AppNavLink to="/dashboard" end>
              {m.dashboard_home()}
            </AppNavLink>
            {NAVIGATION.map((section) => (
              <section key={section.id} aria-label={section.group()}>
                <h2>{section.group()}</h2>
                <ul>
                  {section.links.map((link) => (
                    <li key={link.to}>
                      <AppNavLink to={link.to}>{link.label()}</AppNavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <LanguageForm back={`${pathname}${search}`} />
          <LitePagesForm back={`${pathname}${search}`} />
        </details>
        <main id="main" className="dashboard-main">
          {children}
        </main>
      </div>
    </div>
  );
}

/** Each signed-in page's title with a breadcrumb back to the dashboard. */
export function PageHeader({ title }: { title: string }) {
  // The dashboard's own page has no way back to itself (its title, in English until that page says it in the language).
  if (title === "Dashboard" || title === m.dashboard_home()) {
    return (
      <header className="page-header">
        <h1>{title}</h1>
      </header>
    );
  }
  // The ">" is the page's own, in every language (decision 079): Pico draws one only for a nav
  // whose name is the English word "breadcrumb", which a translated name never is.
  return (
    <header className="page-header">
      <nav aria-label={m.dashboard_nav_breadcrumb()}>
        <ul>
          <li>
            <AppLink to="/dashboard">{m.dashboard_home()}</AppLink>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page">{title}</li>
        </ul>
      </nav>
      <h1>{title}</h1>
    </header>
  );
}
