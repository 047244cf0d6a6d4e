import type { SummaryLine } from "../../purchases/step.ts";
import type { VerificationState } from "./use-verification.ts";
import { m } from "../../i18n/paraglide/messages.js";

/** The verified customer and the sealed verification the form sends back; or what to do. */
export function VerifiedBlock({ state, prompt, again }: { state: VerificationState; prompt: string; again: string }) {
  if (state.verified) {
    return (
      <>
        <VerifiedDetails lines={state.verified.customer} />
        <input type="hidden" name="verification" value={state.verified.sealed} />
      </>
    );
  }
  if (state.providerChanged) {
    return (
      <p className="verify-again" role="status">
        {again}
      </p>
    );
  }
  return <p>{prompt}</p>;
}

/** What the upstream said about the verified customer; announced when it appears. */
function VerifiedDetails({ lines }: { lines: SummaryLine[] }) {
  return (
    <div className="verified-details" role="status">
      <p className="verified-heading">{m.buy_verified()}</p>
      <dl>
        {lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
