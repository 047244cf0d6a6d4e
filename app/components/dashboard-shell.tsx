import type { ReactNode } from "react";
import { AppLink, AppNavLink } from "./app-link.tsx";
import { LogoutControl } from "./logout.tsx";

// SPEC.md §2: the sidebar's four groups, linking every signed-in screen.
const NAVIGATION = [
  { group: "Funding", links: [{ to: "/dashboard/fund-wallet", label: "Fund Wallet" }] },
  {
    group: "Airtime & Data",
    links: [
      { to: "/dashboard/purchase-airtime", label: "Purchase Airtime" },
      { to: "/dashboard/purchase-data", label: "Purchase Data" },
      { to: "/dashboard/bulk-purchase", label: "Bulk Purchase" },
    ],
  },
  {
    group: "Utility Bill",
    links: [
      { to: "/dashboard/pay-for-tv", label: "Pay for Cable" },
      { to: "/dashboard/pay-for-electricity", label: "Pay for Electricity" },
      { to: "/dashboard/purchase-exam-pins", label: "Exam Pins" },
    ],
  },
  {
    group: "Others",
    links: [
      { to: "/dashboard/send-sms", label: "Bulk SMS" },
      { to: "/dashboard/saved-numbers", label: "Saved numbers" },
      { to: "/dashboard/transactions", label: "Transactions" },
      { to: "/dashboard/profile", label: "Profile" },
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
  return (
    <div className="dashboard">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <nav className="container-fluid" aria-label="Account">
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
              <AppLink to="/dashboard/profile">Profile</AppLink>
            </li>
            <li>
              <LogoutControl />
            </li>
          </ul>
        </nav>
      </header>
      <div className="dashboard-body">
        <details className="sidebar">
          <summary>Menu</summary>
          <nav aria-label="Dashboard">
            <AppNavLink to="/dashboard" end>
              Dashboard
            </AppNavLink>
            {NAVIGATION.map((section) => (
              <section key={section.group} aria-label={section.group}>
                <h2>{section.group}</h2>
                <ul>
                  {section.links.map((link) => (
                    <li key={link.to}>
                      <AppNavLink to={link.to}>{link.label}</AppNavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
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
  if (title === "Dashboard") {
    return (
      <header className="page-header">
        <h1>{title}</h1>
      </header>
    );
  }
  return (
    <header className="page-header">
      <nav aria-label="breadcrumb">
        <ul>
          <li>
            <AppLink to="/dashboard">Dashboard</AppLink>
          </li>
          <li aria-current="page">{title}</li>
        </ul>
      </nav>
      <h1>{title}</h1>
    </header>
  );
}
