import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "./app-link.tsx";
import { LanguageForm } from "./language-form.tsx";
import { LitePagesForm } from "./lite-pages-form.tsx";
import { useRootData } from "../root.tsx";

/** The narrow, single-task frame of the account pages (register, login, OTP, reset), with the language and Lite pages switches below. */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
  languageForm = true,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** False on the language and Lite pages pages themselves, whose whole content a switch is. */
  languageForm?: boolean;
}) {
  const productName = useRootData()?.productName ?? "";
  const { pathname, search } = useLocation();
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
      {languageForm ? (
        <footer className="container auth-footer">
          <LanguageForm back={`${pathname}${search}`} />
          <LitePagesForm back={`${pathname}${search}`} />
        </footer>
      ) : null}
    </>
  );
}
