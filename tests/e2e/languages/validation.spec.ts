import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { expectFieldError } from "../support/forms.ts";
import { javaScriptOn, waitForHydration } from "../support/page.ts";

// Decision 057: validation messages are in the person's language. The forms' schemas run in the
// browser (useValidatedForm, with JavaScript) and in the action (without): either way a Hausa page
// says Hausa. With JavaScript the empty form never leaves the browser; without, the server
// answers the post in the language of its cookie.

/** The posts `page` makes to `path` from now on. */
function postsTo(page: Page, path: string): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request.url());
  });
  return posts;
}

async function inLanguage(page: Page, baseURL: string | undefined, language: string): Promise<void> {
  await page.context().addCookies([{ name: "lang", value: language, url: baseURL ?? "" }]);
}

function problemSummary(page: Page, heading: string) {
  return page.getByRole("alert").filter({ has: page.getByRole("heading", { name: heading }) });
}

test("an empty Hausa sign-up says 'required' in Hausa, in the browser before any post or from the server after it", async ({
  page,
  baseURL,
}) => {
  await inLanguage(page, baseURL, "ha");
  await page.goto("/register");
  const submit = page.getByRole("button", { name: "Buɗe asusu", exact: true });
  if (javaScriptOn()) await waitForHydration(submit);
  const posts = postsTo(page, "/register");

  await submit.click();

  await expectFieldError(page.getByLabel("Sunan farko"), "Ana buƙatar sunan farko");
  await expect(problemSummary(page, "Akwai matsala")).toContainText("Ana buƙatar sunan farko");
  await expect(page.getByText("First Name is required")).toHaveCount(0);
  await expect(page).toHaveURL("/register");
  // With JavaScript the browser checked it and sent nothing; without, the server did.
  expect(posts).toHaveLength(javaScriptOn() ? 0 : 1);
});

test("a Pidgin register form explains a bad e-mail, a short phone and mismatched passwords in Pidgin", async ({
  page,
  baseURL,
}) => {
  await inLanguage(page, baseURL, "pcm");
  await page.goto("/register");
  const submit = page.getByRole("button", { name: "Open account", exact: true });
  if (javaScriptOn()) await waitForHydration(submit);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Surname").fill("Okonkwo");
  await page.getByLabel("Email").fill("ada.okonkwo.example.com");
  await page.getByLabel("Phone number").fill("0803123456");
  await page.getByLabel("Password", { exact: true }).fill("Correct-horse-1");
  await page.getByLabel("Type di password again").fill("Correct-horse-2");
  await submit.click();

  await expectFieldError(page.getByLabel("Email"), "Dis email address no correct");
  await expectFieldError(page.getByLabel("Phone number"), "Dis phone number no correct");
  await expectFieldError(page.getByLabel("Type di password again"), "Di passwords no be di same");
  await expect(problemSummary(page, "Problem dey")).toBeVisible();
  await expect(page).toHaveURL("/register");
});

for (const width of [360, 240]) {
  test(
    `at ${width} px the Hausa register page's longest messages do not make it scroll sideways`,
    { tag: "@once" },
    async ({ page, baseURL }) => {
      await inLanguage(page, baseURL, "ha");
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/register");
      await page.getByLabel("Imel").fill("ada@example");
      // Eleven characters, not all digits: the longest of the phone number's messages.
      await page.getByLabel("Lambar waya").fill("0803abc4567");
      await page.getByRole("button", { name: "Buɗe asusu", exact: true }).click();
      await expectFieldError(page.getByLabel("Lambar waya"), "Tsarin da aka yarda da shi");
      await expectFieldError(page.getByLabel("Sunan farko"), "Ana buƙatar sunan farko");
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    },
  );
}
