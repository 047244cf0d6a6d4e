import { Form } from "react-router";
import { CsrfField, SubmitButton } from "../../../components/form-parts.tsx";
import { m } from "../../../i18n/paraglide/messages.js";

/** One sign-in as Profile shows it, its device and times already in words (the page's language). */
export type SignInRow = {
  handle: string;
  current: boolean;
  device: string;
  address: string;
  lastUsed: string;
  signedIn: string;
};

/**
 * Profile's "Where you are signed in" (decision 049): each browser with its own Sign out, this
 * one marked, and "Sign out everywhere else". Plain forms: the same without JavaScript.
 */
export function SignIns({ signIns }: { signIns: readonly SignInRow[] }) {
  const others = signIns.filter((signIn) => !signIn.current).length;
  return (
    <section id="sign-ins" aria-labelledby="sign-ins-heading">
      <h2 id="sign-ins-heading">{m.profile_signins_heading()}</h2>
      <ul className="sign-ins">
        {signIns.map((signIn) => (
          <li key={signIn.handle}>
            <p>
              <strong>{signIn.device}</strong>
              {signIn.current ? (
                <>
                  {" "}
                  <span className="this-device">{m.profile_signins_this_device()}</span>
                </>
              ) : null}
            </p>
            <p>
              {m.profile_signins_line({
                lastUsed: signIn.lastUsed,
                address: signIn.address,
                signedIn: signIn.signedIn,
              })}
            </p>
            {/* This browser's own Sign out is the logout; another's ends that sign-in from here. */}
            <Form method="post" action={signIn.current ? "/logout" : undefined}>
              <CsrfField />
              {signIn.current ? null : <input type="hidden" name="intent" value="end-sign-in" />}
              <SubmitButton name="signIn" value={signIn.handle} className="secondary">
                {m.profile_signins_sign_out()}
                <span className="visually-hidden">
                  {" "}
                  {m.profile_signins_sign_out_of({
                    device: signIn.current ? m.profile_signins_this_device_lower() : signIn.device,
                  })}
                </span>
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <CsrfField />
          <SubmitButton name="intent" value="end-other-sign-ins">
            {m.profile_signins_sign_out_others()}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
