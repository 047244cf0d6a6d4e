import type { ReactNode } from "react";
import { Link } from "react-router";
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
        <Link to="/" className="brand">
          {productName}
        </Link>
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
