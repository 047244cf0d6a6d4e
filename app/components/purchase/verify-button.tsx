import { SubmitButton } from "../form-parts.tsx";
import { m } from "../../i18n/paraglide/messages.js";

/** Verify checks only its own fields, so it skips the browser's checks of the rest. */
export function VerifyButton() {
  return (
    <SubmitButton name="intent" value="verify" formNoValidate busyLabel={m.buy_verifying()} className="secondary">
      {m.buy_verify()}
    </SubmitButton>
  );
}
