import { m } from "../../../i18n/paraglide/messages.js";

/** The person's own sign-up link to pass on, as text to copy and as a WhatsApp message. */
export function BringAFriend({ link, whatsApp }: { link: string; whatsApp: string }) {
  return (
    <section aria-labelledby="bring-a-friend-heading">
      <h2 id="bring-a-friend-heading">{m.profile_friend_heading()}</h2>
      <p>{m.profile_friend_intro()}</p>
      <p className="referral-link">{link}</p>
      <p>
        <a className="button secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
          {m.profile_friend_share()}
        </a>
      </p>
    </section>
  );
}
