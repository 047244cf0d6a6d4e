import { Form } from "react-router";
import { CsrfField, SubmitButton } from "./forms.tsx";

/** One sign-in as Profile shows it, its times already in Lagos words. */
export type SignInRow = {
  handle: string;
  current: boolean;
  device: string;
  address: string;
  lastUsed: string;
  signedIn: string;
};

/**
 * Profile's "Where you are signed in" (issue 23 §4): each browser with its own Sign out, this
 * one marked, and "Sign out everywhere else". Plain forms: the same without JavaScript.
 */
export function SignIns({ signIns }: { signIns: readonly SignInRow[] }) {
  const others = signIns.filter((signIn) => !signIn.current).length;
  return (
    <section id="sign-ins" aria-labelledby="sign-ins-heading">
      <h2 id="sign-ins-heading">Where you are signed in</h2>
      <ul className="sign-ins">
        {signIns.map((signIn) => (
          <li key={signIn.handle}>
            <p>
              <strong>{signIn.device}</strong>
              {signIn.current ? (
                <>
                  {" "}
                  <span className="this-device">This device</span>
                </>
              ) : null}
            </p>
            <p>
              Last used {signIn.lastUsed} from {signIn.address}. Signed in {signIn.signedIn}.
            </p>
            {/* This browser's own Sign out is the logout; another's ends that sign-in from here. */}
            <Form method="post" action={signIn.current ? "/logout" : undefined}>
              <CsrfField />
              {signIn.current ? null : <input type="hidden" name="intent" value="end-sign-in" />}
              <SubmitButton name="signIn" value={signIn.handle} className="secondary">
                Sign out<span className="visually-hidden"> of {signIn.current ? "this device" : signIn.device}</span>
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <CsrfField />
          <SubmitButton name="intent" value="end-other-sign-ins">
            Sign out everywhere else
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
