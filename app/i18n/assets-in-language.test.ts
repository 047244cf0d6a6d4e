import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { assetsInLanguage } from "./assets-in-language.ts";

const route = (id: string, module: string, imports: string[]) => ({
  id,
  path: id === "root" ? "" : "login",
  module,
  imports,
  css: ["/assets/root-AAAA.css"],
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
});

const assets: ServerBuild["assets"] = {
  entry: { module: "/assets/entry.client-E.js", imports: ["/assets/jsx-runtime-J.js", "/assets/forms-F.js"] },
  routes: {
    root: route("root", "/assets/root-R.js", ["/assets/jsx-runtime-J.js", "/assets/forms-F.js"]),
    "routes/account/login": route("routes/account/login", "/assets/login-L.js", ["/assets/forms-F.js"]),
  },
  url: "/assets/manifest-M.js",
  version: "M",
};
const localized = ["root-R.js", "forms-F.js", "login-L.js"];

describe("a page's scripts in its language", () => {
  test("the base language's page names the build's own files", () => {
    expect(assetsInLanguage(assets, "en-NG", { baseLanguage: "en-NG", localized })).toBe(assets);
  });

  test("another language's page names that language's copy of each file that says something, and only those", () => {
    const hausa = assetsInLanguage(assets, "ha", { baseLanguage: "en-NG", localized });
    expect(hausa.entry).toEqual({
      module: "/assets/entry.client-E.js",
      imports: ["/assets/jsx-runtime-J.js", "/assets/ha-forms-F.js"],
    });
    expect(hausa.routes["routes/account/login"]).toMatchObject({
      id: "routes/account/login",
      path: "login",
      module: "/assets/ha-login-L.js",
      imports: ["/assets/ha-forms-F.js"],
      css: ["/assets/root-AAAA.css"],
    });
    expect(hausa.routes.root?.module).toBe("/assets/ha-root-R.js");
    expect(hausa.url).toBe(assets.url);
  });

  test("each language's route manifest has an address of its own, so a browser never keeps one for another", () => {
    const versions = ["en-NG", "pcm", "ha"].map(
      (language) => assetsInLanguage(assets, language, { baseLanguage: "en-NG", localized }).version,
    );
    expect(versions).toEqual(["M", "M-pcm", "M-ha"]);
  });
});
