export interface Settings {
  readonly notification: string;
  readonly reserved_account_instruction: string;
}

// HTML on purpose: the portal shows the notification as plain text (decision 006), so the
// markup here is what proves it does not render it.
export const defaultSettings: Settings = {
  notification:
    '<p><b>New:</b> MTN SME data now delivers in seconds. See today\'s prices on the <a href="/pricing">pricing page</a>.</p>',
  reserved_account_instruction:
    "<p>Transfer any amount to one of your <b>reserved accounts</b> below from any bank app, USSD or POS." +
    " Your wallet is credited automatically within minutes, less a charge of 0.85% per deposit.</p>" +
    "<p>Each account is yours alone: do not share it, and do not use it for anyone else's payment.</p>",
};
