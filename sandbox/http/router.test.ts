import { describe, expect, it } from "vitest";
import { createRouter } from "./router.ts";
import type { Route } from "./router.ts";

const respond = () => new Response(null, { status: 204 });
const routes: Route<null>[] = [
  { method: "GET", path: "/v1/get-transactions/", handle: respond },
  { method: "GET", path: "/v1/get-transactions/:trans_id", handle: respond },
  { method: "GET", path: "/v1/get-tv-plan/:provider_title/", handle: respond },
  { method: "GET", path: "/v1/validate-tv/:subcategory_id/:provider_title/:smart_no/", handle: respond },
  { method: "POST", path: "/v1/logout/", handle: respond },
];

describe("createRouter", () => {
  const route = createRouter(routes);

  it("matches exact paths, trailing slash and case included", () => {
    expect(route("GET", "/v1/get-transactions/").kind).toBe("found");
    expect(route("GET", "/v1/get-transactions").kind).toBe("not-found");
    expect(route("GET", "/V1/get-transactions/").kind).toBe("not-found");
    expect(route("POST", "/v1/logout").kind).toBe("not-found");
    expect(route("GET", "/v1/get-transactions/42/").kind).toBe("not-found");
  });

  it("decodes path parameters and refuses empty or malformed ones", () => {
    const found = route("GET", "/v1/get-tv-plan/STAR%20TIMES/");
    expect(found).toMatchObject({ kind: "found", params: { provider_title: "STAR TIMES" } });
    expect(route("GET", "/v1/get-transactions/42")).toMatchObject({ params: { trans_id: "42" } });
    expect(route("GET", "/v1/validate-tv/3/DSTV/1212121212/")).toMatchObject({
      params: { subcategory_id: "3", provider_title: "DSTV", smart_no: "1212121212" },
    });
    expect(route("GET", "/v1/get-tv-plan//").kind).toBe("not-found");
    expect(route("GET", "/v1/get-tv-plan/a/b/").kind).toBe("not-found");
    expect(route("GET", "/v1/get-tv-plan/%E0%A4%A/").kind).toBe("not-found");
  });

  it("lists the allowed methods for a known path", () => {
    expect(route("GET", "/v1/logout/")).toEqual({ kind: "method-not-allowed", allowed: ["POST"] });
  });

  it("rejects a route declared twice and malformed patterns", () => {
    expect(() => createRouter([...routes, { method: "POST", path: "/v1/logout/", handle: respond }])).toThrow(/twice/);
    expect(() => createRouter([{ method: "GET", path: "/v1/:a/:a/", handle: respond }])).toThrow(/not a valid/);
    expect(() => createRouter([{ method: "GET", path: "v1/x/", handle: respond }])).toThrow(/slash/);
    expect(() => createRouter([{ method: "GET", path: "/v1/{a}/", handle: respond }])).toThrow(/only :name/);
    expect(() => createRouter([{ method: "GET", path: "/v1/*", handle: respond }])).toThrow(/only :name/);
  });
});
