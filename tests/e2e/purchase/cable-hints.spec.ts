import { expect, test } from "../support/fixtures.ts";
import { errorSummary } from "../support/forms.ts";
import {
  chooseProvider,
  VERIFY_MESSAGES as M,
  openVerifyPage,
  processButton,
  SMART_CARDS,
  verifyButton,
} from "../support/verify.ts";

// Decision 046: the Smart/IUC field says how many digits it takes, for the chosen
// provider once the page knows it, and a refused verify says what to check beside the
// upstream's own words, verbatim.

const HINT = {
  any: "10 digits for DStv and GOtv, 11 for StarTimes, as on your decoder or its card.",
  STARTIMES: "11 digits: the smart card number on your StarTimes decoder or its card.",
  GOTV: "10 digits: the IUC number on your GOtv decoder or its card.",
};
const ADVICE = {
  STARTIMES:
    "Check the smart card number on your StarTimes decoder (11 digits), and that StarTimes is the provider you chose.",
  GOTV: "Check the IUC number on your GOtv decoder (10 digits), and that GOtv is the provider you chose.",
};

test.use({ buyerAccount: { balanceKobo: 1_000_00 } });

for (const provider of ["STARTIMES", "GOTV"] as const) {
  test(`the Smart/IUC field says how many digits ${provider} takes, and a refused card says what to check`, async ({
    page,
    buyer,
  }) => {
    void buyer;
    await openVerifyPage(page, "cable");
    const smartNo = page.getByLabel("Smart card / IUC number", { exact: true });
    await expect(smartNo).toHaveAccessibleDescription(HINT.any);

    await chooseProvider(page, "cable", provider);
    await smartNo.fill(SMART_CARDS.unknown);
    await verifyButton(page).click();

    await expect(errorSummary(page)).toContainText(`${M.invalidSmartCard} ${ADVICE[provider]}`);
    await expect(smartNo).toHaveAttribute("aria-invalid", "true");
    await expect(smartNo).toHaveAccessibleDescription(`${M.invalidSmartCard} ${ADVICE[provider]} ${HINT[provider]}`);
    await expect(smartNo).toHaveValue(SMART_CARDS.unknown);
    await expect(processButton(page)).toBeDisabled();
  });
}
