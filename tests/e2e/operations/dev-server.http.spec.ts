import { expect, test } from "@playwright/test";
import { startPortal } from "../../support/portal-process.ts";

// `npm run dev` (docs/testing.md) runs server.ts in development mode: Vite loads the app on demand
// instead of the build. A broken module graph there (two copies of react-router once refused
// every request) shows only in this mode, so one portal is started in it and asked for pages.

test("the development server answers the health check and renders the home page", async () => {
  // Vite transforms the app on the first request: slow on a loaded machine, hence the time.
  test.setTimeout(120_000);
  const portal = await startPortal(process.cwd(), { NODE_ENV: "development" });
  try {
    const health = await fetch(`${portal.origin}/healthz`);
    expect(health.status).toBe(200);
    const home = await fetch(`${portal.origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Pay bills and top up from one wallet");
  } finally {
    await portal.stop();
  }
});
