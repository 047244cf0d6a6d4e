import { expect, type Page, test } from "@playwright/test";
import { OUTAGE_BASE_URL, PRODUCT_NAME } from "../support/portals.ts";
import { OUTAGE_HEADING, OUTAGE_PATHS } from "./support.ts";

// Decision 017: every failure reads like a sentence with a way forward, never a stack or an
// upstream internal.

async function expectNoInternals(page: Page): Promise<void> {
  const html = await page.content();
  const text = await page.locator("body").innerText();
  for (const shown of [html, text]) {
    expect(shown).not.toContain("127.0.0.1:9");
    expect(shown).not.toContain("UpstreamError");
    expect(shown).not.toContain("ECONNREFUSED");
    expect(shown).not.toMatch(/\bError:/);
    expect(shown).not.toMatch(/^\s*at .+\(.+:\d+:\d+\)/m);
    expect(shown).not.toMatch(/node_modules|file:\/\//);
  }
}

test.describe("page not found", () => {
  test("an unknown address answers 404 with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Page not found`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByText("We could not find the page you asked for.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveCount(0);
    await expectNoInternals(page);

    const home = page.getByRole("main").getByRole("link", { name: "Go to the home page" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay bills and top up from one wallet");
  });

  test("a deeper unknown address also answers 404", async ({ page }) => {
    const response = await page.goto("/about-us/no-such-section?from=test");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test.describe("upstream outage", () => {
  for (const path of OUTAGE_PATHS) {
    test(`${path} answers 503 with a plain explanation, Try again and a way home`, async ({ page }) => {
      const url = `${OUTAGE_BASE_URL}${path}`;
      const response = await page.goto(url);
      expect(response?.status()).toBe(503);
      await expect(page).toHaveTitle(`${PRODUCT_NAME} - ${OUTAGE_HEADING}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(OUTAGE_HEADING);
      await expect(page.getByText("Please try again in a minute.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", path);
      await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
      await expectNoInternals(page);

      // Try again asks for the same address once more (still down here, so the same page).
      const retried = page.waitForResponse(
        (answer) => answer.url() === url && answer.request().resourceType() === "document",
      );
      await page.getByRole("link", { name: "Try again" }).click();
      expect((await retried).status()).toBe(503);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(OUTAGE_HEADING);
    });
  }
});

test.describe("health check", () => {
  test("reports ok when the upstream answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ status: "ok", upstream: "up", database: "up" });
  });

  test("reports degraded with HTTP 200 when the upstream is unreachable", async ({ request }) => {
    const response = await request.get(`${OUTAGE_BASE_URL}/healthz`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const body: unknown = await response.json();
    expect(body).toMatchObject({ status: "degraded", upstream: "down" });
    expect(JSON.stringify(body)).not.toContain("127.0.0.1:9");
  });
});
