import { useRef } from "react";
import { Form } from "react-router";
import { AppLink } from "./app-link.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { CsrfField, SubmitButton } from "./form-parts.tsx";
import { m } from "../i18n/paraglide/messages.js";

/** "Are you sure you want to logout?" with Cancel and Logout; posts to /logout. */
export function LogoutQuestion({ onCancel }: { onCancel?: () => void }) {
  return (
    <Form method="post" action="/logout">
      <CsrfField />
      <p>{m.logout_question()}</p>
      <div className="button-row">
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            {m.logout_cancel()}
          </button>
        ) : (
          <AppLink to="/dashboard" className="button secondary">
            {m.logout_cancel()}
          </AppLink>
        )}{" "}
        <SubmitButton>{m.logout()}</SubmitButton>
      </div>
    </Form>
  );
}

/**
 * The top bar's Logout: a plain link to the /logout page without JavaScript, a dialog over
 * the page with it.
 */
export function LogoutControl() {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  if (!hydrated) return <AppLink to="/logout">{m.logout()}</AppLink>;
  return (
    <>
      <button type="button" className="link-button" onClick={() => dialog.current?.showModal()}>
        {m.logout()}
      </button>
      <dialog ref={dialog} aria-labelledby="logout-title">
        <article>
          <h2 id="logout-title">{m.logout()}</h2>
          <LogoutQuestion onCancel={() => dialog.current?.close()} />
        </article>
      </dialog>
    </>
  );
}
