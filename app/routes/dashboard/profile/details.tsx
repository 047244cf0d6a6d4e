import { m } from "../../../i18n/paraglide/messages.js";

/** The account as the upstream knows it, already in words; `level` null when it has none. */
export type AccountDetailsRows = {
  name: string;
  walletBalance: string;
  phone: string;
  dateJoined: string;
  level: string | null;
};

export function AccountDetails({ details }: { details: AccountDetailsRows }) {
  return (
    <section aria-labelledby="details-heading">
      <h2 id="details-heading">{m.profile_details_heading()}</h2>
      <table>
        <tbody>
          <tr>
            <th scope="row">{m.profile_name()}</th>
            <td>{details.name}</td>
          </tr>
          <tr>
            <th scope="row">{m.profile_wallet_balance()}</th>
            <td>{details.walletBalance}</td>
          </tr>
          <tr>
            <th scope="row">{m.profile_phone()}</th>
            <td>{details.phone}</td>
          </tr>
          <tr>
            <th scope="row">{m.profile_date_joined()}</th>
            <td>{details.dateJoined}</td>
          </tr>
          {details.level ? (
            <tr>
              <th scope="row">{m.profile_level()}</th>
              <td>{details.level}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
