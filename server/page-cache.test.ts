import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestLanguage } from "../app/i18n/language.ts";
import { litePagesFor } from "../app/infra/lite-pages.server.ts";
import { createPageCache, type RenderRequest } from "./page-cache.ts";

const POLICY = "default-src 'self'; script-src 'self' 'nonce-abc123'; style-src 'self'; img-src 'self' data:";

type Rendered = { status?: number; html: string; type?: string };

/** A portal with the page cache in front of an app that answers "from the app". */
async function portal(pages: (request: RenderRequest) => Rendered) {
  let clock = 1_000_000;
  const renders: RenderRequest[] = [];
  const app = express();
  app.use((_request, response, next) => {
    response.locals.requestId = "request-1";
    next();
  });
  app.use(
    createPageCache({
      paths: ["/", "/pricing"],
      notFound: (path) => path.startsWith("/missing"),
      render(request) {
        renders.push(request);
        const page = pages(request);
        return Promise.resolve(
          new Response(page.html, {
            status: page.status ?? 200,
            headers: {
              "Content-Type": page.type ?? "text/html; charset=utf-8",
              "Content-Security-Policy": POLICY,
              "Set-Cookie": "__csrf=one-visitor; Path=/",
              "Cache-Control": "no-store",
            },
          }),
        );
      },
      languageOf: requestLanguage,
      litePagesOf: litePagesFor,
      freshMs: 10_000,
      staleMs: 60_000,
      onRefreshError: () => undefined,
      now: () => clock,
    }),
  );
  app.use((_request, response) => {
    response.type("text/plain").send("from the app");
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    renders,
    get: (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers }),
    advance(ms: number) {
      clock += ms;
    },
  };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const VARY = "Accept-Encoding, Accept-Language, Cookie, Save-Data, ECT";

const PAGE =
  '<!DOCTYPE html><html><head><link nonce="abc123" rel="stylesheet" href="/a.css"/></head><body>Home v1</body></html>';

describe("the public pages' cache", () => {
  it("renders a page once and serves it again, without the first visitor's cookie or nonce", async () => {
    const site = await portal(() => ({ html: PAGE }));
    const first = await site.get("/");
    const second = await site.get("/");
    expect(site.renders).toHaveLength(1);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(answer.headers.get("content-security-policy")).toBe(
        "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:",
      );
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.text()).toBe(PAGE.replace(' nonce="abc123"', ""));
    }
    expect(site.renders[0]).toMatchObject({ requestId: "request-1", secure: false });
  });

  it("sends the page compressed as the browser accepts it, the same page each way", async () => {
    const site = await portal(() => ({ html: PAGE }));
    for (const encoding of ["br", "gzip", "identity"]) {
      const answer = await site.get("/pricing", { "Accept-Encoding": encoding });
      expect(answer.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      expect(answer.headers.get("vary")).toBe(VARY);
      expect(await answer.text()).toContain("Home v1");
    }
    expect(site.renders).toHaveLength(1);
  });

  it.each([
    ["a signed-in visitor", "/", { Cookie: "theme=dark; __session=signed" }],
    ["a visitor on https with a session", "/", { Cookie: "__Host-session=signed" }],
    ["an address with a query string", "/?utm_source=sms", {}],
    ["a page that is not public", "/login", {}],
  ])("leaves %s to the app", async (_case, path, headers) => {
    const site = await portal(() => ({ html: PAGE }));
    expect(await (await site.get(path, headers)).text()).toBe("from the app");
    expect(site.renders).toHaveLength(0);
  });

  it("serves a stale page at once and renders the next one behind it; a page too old is rendered first", async () => {
    let version = 1;
    const site = await portal(() => ({ html: `<p>Home v${version}</p>` }));
    await site.get("/");
    version = 2;
    site.advance(11_000);
    expect(await (await site.get("/")).text()).toBe("<p>Home v1</p>");
    await expect.poll(async () => (await site.get("/")).text()).toBe("<p>Home v2</p>");
    expect(site.renders).toHaveLength(2);

    version = 3;
    site.advance(61_000);
    expect(await (await site.get("/")).text()).toBe("<p>Home v3</p>");
  });

  it("keeps one copy per language, chosen by the cookie first, then Accept-Language", async () => {
    const site = await portal((request) => ({ html: `<html lang="${request.language}"><body>Home</body></html>` }));
    const english = await site.get("/");
    const hausa = await site.get("/", { "Accept-Language": "ha-NG,ha;q=0.9,en;q=0.5" });
    const pidgin = await site.get("/", { Cookie: "lang=pcm", "Accept-Language": "ha" });
    const hausaAgain = await site.get("/", { Cookie: "other=1; lang=ha" });
    expect(await english.text()).toContain('lang="en-NG"');
    expect(await hausa.text()).toContain('lang="ha"');
    expect(await pidgin.text()).toContain('lang="pcm"');
    expect(await hausaAgain.text()).toContain('lang="ha"');
    expect(site.renders.map((render) => render.language)).toEqual(["en-NG", "ha", "pcm"]);
    expect(hausa.headers.get("vary")).toBe(VARY);
  });

  it("keeps one copy per state of the Lite pages switch: the cookie either way, else Save-Data or a 2G ECT", async () => {
    const site = await portal((request) => ({ html: `<p>Lite pages: ${request.litePages ? "on" : "off"}</p>` }));
    const answers: [headers: Record<string, string>, state: string][] = [
      [{}, "off"],
      [{ "Save-Data": "on" }, "on"],
      [{ ECT: "2g" }, "on"],
      [{ ECT: "slow-2g" }, "on"],
      [{ ECT: "3g" }, "off"],
      [{ Cookie: "lite=on" }, "on"],
      [{ Cookie: "lite=off", "Save-Data": "on", ECT: "2g" }, "off"],
    ];
    for (const [headers, state] of answers) {
      const answer = await site.get("/", headers);
      expect(await answer.text(), JSON.stringify(headers)).toBe(`<p>Lite pages: ${state}</p>`);
      expect(answer.headers.get("vary")).toBe(VARY);
    }
    expect(site.renders.map((render) => render.litePages)).toEqual([false, true]);
  });

  it("visitors arriving together share one render", async () => {
    const site = await portal(() => ({ html: PAGE }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => site.get("/")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(site.renders).toHaveLength(1);
  });

  it.each<[string, Rendered]>([
    ["an outage page", { status: 503, html: "<p>We could not reach our service provider.</p>" }],
    ["a page with script", { html: "<p>Home</p><script nonce='abc123'>1</script>" }],
  ])("sends %s as rendered, without cookies, and keeps nothing", async (_case, rendered) => {
    const site = await portal(() => rendered);
    const answer = await site.get("/");
    expect(answer.status).toBe(rendered.status ?? 200);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(answer.headers.get("content-security-policy")).toBe(POLICY);
    expect(await answer.text()).toBe(rendered.html);
    await site.get("/");
    expect(site.renders).toHaveLength(2);
  });

  describe("the page-not-found", () => {
    const NOT_FOUND =
      '<!DOCTYPE html><html><head><link nonce="abc123" rel="icon" href="/favicon.svg"/></head><body><h1>Page not found</h1></body></html>';

    it("is rendered once for every unknown address and sent with its 404", async () => {
      const site = await portal(() => ({ status: 404, html: NOT_FOUND }));
      const answers = [
        await site.get("/missing-one"),
        await site.get("/missing/two.php"),
        await site.get("/missing-one"),
      ];
      expect(site.renders).toHaveLength(1);
      expect(site.renders[0]?.url).toMatch(/\/missing-one$/);
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.headers.get("set-cookie")).toBeNull();
        expect(answer.headers.get("content-security-policy")).toContain("script-src 'none'");
        expect(await answer.text()).toBe(NOT_FOUND.replace(' nonce="abc123"', ""));
      }
    });

    it("is kept apart from the public pages", async () => {
      const site = await portal((request) =>
        request.url.includes("/missing") ? { status: 404, html: NOT_FOUND } : { html: PAGE },
      );
      expect((await site.get("/missing-page")).status).toBe(404);
      const home = await site.get("/");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Home v1");
      expect((await site.get("/missing-other")).status).toBe(404);
      expect(site.renders).toHaveLength(2);
    });

    it("is not kept when the app answers otherwise, as in an outage", async () => {
      const outage = { status: 503, html: "<p>We could not reach our service provider.</p>" };
      const site = await portal(() => outage);
      for (const path of ["/missing-one", "/missing-two"]) {
        const answer = await site.get(path);
        expect(answer.status).toBe(503);
        expect(await answer.text()).toBe(outage.html);
      }
      expect(site.renders).toHaveLength(2);
    });

    it("is left to the app for a signed-in visitor and for an address with a query string", async () => {
      const site = await portal(() => ({ status: 404, html: NOT_FOUND }));
      expect(await (await site.get("/missing-one", { Cookie: "__session=signed" })).text()).toBe("from the app");
      expect(await (await site.get("/missing-one?x=1")).text()).toBe("from the app");
      expect(site.renders).toHaveLength(0);
    });
  });
});
