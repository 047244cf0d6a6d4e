import { data } from "react-router";
import { titleMeta } from "../../components/meta.ts";
import { requestInfoContext } from "../../infra/context.ts";
import { readableOutbox } from "../../upstream/sandbox-outbox.server.ts";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Sandbox outbox");

export const handle = { hydrate: false };

// The embedded sandbox's e-mails (OTP codes, reset links), so a tester can finish sign-up
// without a mail server: those to the demo accounts and to the accounts this browser holds,
// never anyone else's (decision 069). It does not exist when the portal talks to a real upstream.
export function loader({ request, context }: Route.LoaderArgs) {
  const messages = readableOutbox(request, context.get(requestInfoContext).secure);
  if (messages === null) throw data({ reason: "not-found" }, { status: 404 });
  return { messages };
}

const LINK = /(https?:\/\/[^\s]+)/g;

function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(LINK).map((part, index) =>
        index % 2 === 1 ? (
          <a key={part} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function SandboxOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="container">
      <h1>Sandbox outbox</h1>
      <p>
        E-mails the sandbox upstream would have sent to the demo accounts and to the accounts signed up in this browser,
        newest first. Only the embedded sandbox has this page.
      </p>
      {loaderData.messages.length === 0 ? <p>No e-mails yet.</p> : null}
      {loaderData.messages.map((message) => (
        <article key={message.id} aria-label={`${message.subject} to ${message.to}`}>
          <header>
            <strong>{message.subject}</strong>
            <br />
            To {message.to} at <time dateTime={message.createdAt}>{message.createdAt}</time>
          </header>
          <p className="mail-body">
            <LinkedText text={message.body} />
          </p>
        </article>
      ))}
    </main>
  );
}
