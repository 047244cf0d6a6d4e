import type { ReactNode } from "react";
import { AppLink } from "./app-link.tsx";
import { useRootData } from "../root.tsx";

/** The narrow, single-task frame of the account pages (register, login, OTP, reset). */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const productName = useRootData()?.productName ?? "";
  return (
    <>
      <header className="container auth-header">
        <AppLink to="/" className="brand">
          {productName}
        </AppLink>
      </header>
      <main id="main" className="container auth-main">
        <article>
          <h1>{title}</h1>
          {intro ? <p>{intro}</p> : null}
          {children}
          {footer ? <footer>{footer}</footer> : null}
        </article>
      </main>
    </>
  );
}
