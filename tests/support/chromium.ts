import type { LaunchOptions } from "@playwright/test";

/**
 * The browser every browser test and the bench drive: Debian's headless build of its Chromium
 * (package chromium-headless-shell, the same Blink as /usr/bin/chromium without the desktop
 * browser around it, as Playwright's own headless default is). It takes about a third less
 * time per test on this 2-core machine (decision 063). The flags keep it off the network:
 * this machine's closed network refuses Chromium's own connections.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
} satisfies LaunchOptions;
