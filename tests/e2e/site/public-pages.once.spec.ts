import { expect, type Locator, type Page, test } from "@playwright/test";
import { scriptTags } from "../support/http.ts";
import { PRODUCT_NAME } from "../support/portals.ts";
import { mainImageStates, MENU_BUTTONS, MENU_LINKS, PUBLIC_PAGES } from "./support.ts";

// The public site. Every page is server-rendered and must read the same with or
// without JavaScript (they ship none, decision 003), so the file runs once (decision 047).

function mainMenu(page: Page): Locator {
  return page.getByRole("banner").getByRole("navigation", { name: "Main" });
}

function siteFooter(page: Page): Locator {
  return page.getByRole("contentinfo");
}

for (const { path, title, heading } of PUBLIC_PAGES) {
  test.describe(`public page ${path}`, () => {
    test("answers 200 with its title and a single main heading", async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${PRODUCT_NAME} - ${title}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });

    test("has the header menu with Get Started and Login", async ({ page }) => {
      await page.goto(path);
      const menu = mainMenu(page);
      for (const link of MENU_LINKS) {
        await expect(menu.getByRole("link", { name: link.name, exact: true })).toHaveAttribute("href", link.href);
      }
      for (const button of MENU_BUTTONS) {
        await expect(menu.getByRole("link", { name: button.name, exact: true })).toHaveAttribute("href", button.href);
      }
      // The entry for the page being read is marked for screen readers.
      const current = MENU_LINKS.find((link) => link.href === path);
      if (current) {
        await expect(menu.getByRole("link", { name: current.name, exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
      }
      await expect(menu.locator("[aria-current=page]")).toHaveCount(current ? 1 : 0);
    });

    test("has the footer with legal links, copyright, WhatsApp chat and Back to top", async ({ page }) => {
      await page.goto(path);
      const footer = siteFooter(page);
      await expect(footer.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute(
        "href",
        "/terms-and-conditions",
      );
      await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
      const year = new Date().getFullYear();
      await expect(footer.getByText(`© ${year} ${PRODUCT_NAME}. All rights reserved.`, { exact: true })).toBeVisible();
      await expect(footer.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/234[1-9]\d{9}$/,
      );
      // The scroll-to-top link only shows after 300px of scroll, so at the top
      // it is in the page but hidden.
      const backToTop = footer.getByRole("link", { name: "Back to top", includeHidden: true });
      await expect(backToTop).toHaveAttribute("href", "#top");
      await expect(page.locator("#top")).toHaveCount(1);
    });

    test("ships no JavaScript", async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(scriptTags(html).filter((tag) => /\ssrc\s*=/i.test(tag))).toEqual([]);
      expect(html).not.toMatch(/rel="modulepreload"/i);

      const scriptRequests: string[] = [];
      page.on("request", (sent) => {
        if (sent.resourceType() === "script") scriptRequests.push(sent.url());
      });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(scriptRequests).toEqual([]);
    });
  });
}

test.describe("navigation", () => {
  test("the header menu and the footer links lead to each page", async ({ page }) => {
    await page.goto("/");
    const steps = [
      {
        click: () => mainMenu(page).getByRole("link", { name: "About", exact: true }),
        path: "/about-us",
        heading: "About Us",
      },
      {
        click: () => mainMenu(page).getByRole("link", { name: "Pricing", exact: true }),
        path: "/pricing",
        heading: "Pricing",
      },
      {
        click: () => mainMenu(page).getByRole("link", { name: "Contact Us", exact: true }),
        path: "/contact-us",
        heading: "Contact Us",
      },
      {
        click: () => siteFooter(page).getByRole("link", { name: "Terms and Conditions" }),
        path: "/terms-and-conditions",
        heading: "Terms and Conditions",
      },
      {
        click: () => siteFooter(page).getByRole("link", { name: "Privacy Policy" }),
        path: "/privacy-policy",
        heading: "Privacy Policy",
      },
      {
        click: () => mainMenu(page).getByRole("link", { name: "Home", exact: true }),
        path: "/",
        heading: "Pay bills and top up from one wallet",
      },
    ];
    for (const step of steps) {
      await step.click().click();
      await expect(page).toHaveURL(step.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(step.heading);
    }
  });

  for (const path of ["/pricing", "/terms-and-conditions", "/privacy-policy"]) {
    test(`Back to top shows once ${path} is scrolled and returns to the top`, async ({ page }) => {
      await page.goto(path);
      const heading = page.getByRole("heading", { level: 1 });
      const backToTop = siteFooter(page).getByRole("link", { name: "Back to top", includeHidden: true });
      await expect(backToTop).toBeHidden();

      await page.mouse.wheel(0, 20_000);
      await expect(heading).not.toBeInViewport();
      await expect(backToTop).toBeVisible();

      await backToTop.click();
      await expect(page).toHaveURL(`${path}#top`);
      await expect(heading).toBeInViewport();
      await expect(backToTop).toBeHidden();
    });
  }
});

test.describe("home page", () => {
  test("offers Get Started, Login, Contact us and Pricing", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    const buttons = [
      { name: "Get Started", href: "/register" },
      { name: "Login", href: "/login" },
      { name: "Contact us", href: "/contact-us" },
      { name: "Pricing", href: "/pricing" },
    ];
    for (const button of buttons) {
      await expect(main.getByRole("link", { name: button.name, exact: true })).toHaveAttribute("href", button.href);
    }
    await main.getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(page).toHaveURL("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
  });

  test("lists what can be paid for, a card for each product in the product table's order", async ({ page }) => {
    await page.goto("/");
    const services = page.getByRole("region", { name: "What you can pay for" });
    await expect(services.getByRole("heading", { level: 3 })).toHaveText([
      "Airtime",
      "Data",
      "Cable TV",
      "Electricity",
      "Exam pins",
      "Bulk SMS",
    ]);
    await expect(services.getByText("Send one message to many numbers with your own sender ID.")).toBeVisible();
  });

  test("shows the frequently asked questions from the upstream", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Frequently asked questions", level: 2 })).toBeVisible();
    await expect(main.getByRole("heading", { name: "How do I fund my wallet?", level: 3 })).toBeVisible();
  });
});

test.describe("upstream content pages", () => {
  const contentPages = [
    { path: "/about-us", firstHeading: "Who we are" },
    { path: "/terms-and-conditions", firstHeading: "Your account" },
    { path: "/privacy-policy", firstHeading: "Data we collect" },
  ];
  for (const { path, firstHeading } of contentPages) {
    test(`${path} shows the upstream's text, sanitized`, async ({ page, request }) => {
      await page.goto(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: firstHeading })).toBeVisible();
      expect(await main.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(0);
      expect(await main.getByRole("paragraph").count()).toBeGreaterThan(0);
      await expect(main.getByRole("listitem").first()).toBeVisible();
      await expect(page.locator("script")).toHaveCount(0);

      // Nothing in the served markup can run code: no script, no inline handler, no javascript: URL.
      const html = await (await request.get(path)).text();
      expect(scriptTags(html)).toEqual([]);
      expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    });
  }
});

test.describe("contact page", () => {
  test("shows the address, phone, e-mail and social links", async ({ page }) => {
    await page.goto("/contact-us");
    const main = page.getByRole("main");
    await expect(main.getByText("Address", { exact: true })).toBeVisible();
    await expect(main.getByText("14 Admiralty Way, Lekki Phase 1, Lagos")).toBeVisible();
    await expect(main.getByRole("link", { name: "08012345678" })).toHaveAttribute("href", /^tel:\+?\d+$/);
    await expect(main.getByRole("link", { name: "support@payvend.test" })).toHaveAttribute(
      "href",
      "mailto:support@payvend.test",
    );
    await expect(main.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/234\d+$/,
    );
    await expect(main.getByRole("heading", { name: "Follow us" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", /^https:\/\/facebook\.com\/\w+/);
    await expect(main.getByRole("link", { name: "Instagram" })).toHaveAttribute(
      "href",
      /^https:\/\/instagram\.com\/\w+/,
    );
    await expect(main.getByRole("link", { name: "X (Twitter)" })).toHaveAttribute("href", /^https:\/\/x\.com\/\w+/);
  });
});

test.describe("pricing page", () => {
  const DISCOUNT_LINE = /^Discount of \d+(\.\d+)?%$/;
  // A whole-naira price: ₦ then digits grouped by commas, never kobo.
  const PLAN_LINE = /^.+: ₦\d{1,3}(,\d{3})*$/;

  function card(page: Page, title: string): Locator {
    return page.getByRole("main").getByRole("article", { name: title, exact: true });
  }

  test("airtime cards show the discount", async ({ page }) => {
    await page.goto("/pricing");
    const mtn = card(page, "MTN Airtime");
    await expect(mtn.getByRole("heading", { name: "MTN Airtime", exact: true })).toBeVisible();
    await expect(mtn.getByText(DISCOUNT_LINE)).toBeVisible();
    await expect(mtn.getByRole("listitem")).toHaveCount(0);
  });

  test("data cards list each plan at a whole-naira price", async ({ page }) => {
    await page.goto("/pricing");
    const mtn = card(page, "MTN Data");
    await expect(mtn.getByRole("heading", { name: "MTN Data", exact: true })).toBeVisible();
    const plans = mtn.getByRole("listitem");
    expect(await plans.count()).toBeGreaterThan(1);
    for (const text of await plans.allTextContents()) {
      expect(text.trim()).toMatch(PLAN_LINE);
    }
    await expect(mtn.getByRole("listitem").filter({ hasText: "2GB - 30 days" })).toHaveText("2GB - 30 days: ₦1,450");
    await expect(mtn.getByText(/Discount of/)).toHaveCount(0);
  });

  test("electricity cards use the provider's title with no suffix and show the discount", async ({ page }) => {
    await page.goto("/pricing");
    const ikeja = card(page, "IKEDC - Ikeja Electric");
    await expect(ikeja.getByRole("heading", { level: 2 })).toHaveText("IKEDC - Ikeja Electric");
    await expect(ikeja.getByText(DISCOUNT_LINE)).toBeVisible();
    const electricityTitles = await page.getByRole("heading", { level: 2, name: / - .+ Electric/ }).allTextContents();
    expect(electricityTitles.length).toBeGreaterThan(1);
    for (const title of electricityTitles) {
      expect(title).toMatch(/^[A-Z]+ - [A-Za-z ]+ Electric$/);
    }
  });

  test("SME and corporate gifting data (ids 55 to 59) show a discount instead of plans", async ({ page }) => {
    await page.goto("/pricing");
    const gifting = [
      "MTN SME Data",
      "MTN Corporate Gifting Data",
      "Airtel Corporate Gifting Data",
      "Glo Corporate Gifting Data",
      "9mobile Corporate Gifting Data",
    ];
    for (const title of gifting) {
      const gift = card(page, title);
      await expect(gift.getByText(DISCOUNT_LINE)).toBeVisible();
      await expect(gift.getByRole("listitem")).toHaveCount(0);
    }
  });

  test("every card has a Purchase Plan button to the login page", async ({ page }) => {
    await page.goto("/pricing");
    const cards = page.getByRole("main").getByRole("article");
    const count = await cards.count();
    expect(count).toBeGreaterThan(20);
    for (let index = 0; index < count; index += 1) {
      const purchase = cards.nth(index).getByRole("link", { name: /^Purchase Plan/ });
      await expect(purchase).toHaveText("Purchase Plan");
      await expect(purchase).toHaveAttribute("href", "/login");
    }
    await card(page, "MTN Data")
      .getByRole("link", { name: /^Purchase Plan/ })
      .click();
    await expect(page).toHaveURL("/login");
  });

  test("every card shows its provider's logo", async ({ page }) => {
    await page.goto("/pricing");
    const cards = page.getByRole("main").getByRole("article");
    const count = await cards.count();
    expect(count).toBeGreaterThan(20);
    for (let index = 0; index < count; index += 1) {
      // Logos are decorative (alt=""), so they have no role to find them by; each card has one.
      const logo = cards.nth(index).locator("img");
      await expect(logo).toHaveCount(1);
      // Logos load lazily: bring each one on screen as a visitor scrolling the page would.
      await logo.scrollIntoViewIfNeeded();
    }
    const images = await mainImageStates(page);
    expect(images).toHaveLength(count);
    for (const image of images) expect(image.src).not.toBe("");
    await expect
      .poll(async () => (await mainImageStates(page)).filter((image) => !image.complete || image.naturalWidth === 0))
      .toEqual([]);
  });
});
