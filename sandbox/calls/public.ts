import { listProviders, readSitePages } from "../purchases/catalog.ts";
import type { SandboxContext } from "../http/context.ts";
import { json } from "../http/responses.ts";
import type { Route } from "../http/router.ts";
import { toWireSubcategory } from "../http/wire.ts";

// Public calls take no token; an Authorization header, if sent anyway, is not read.
export const publicRoutes: readonly Route<SandboxContext>[] = [
  {
    method: "GET",
    path: "/v1/get-pages/",
    handle: ({ db }) => {
      const pages = readSitePages(db);
      if (pages === undefined) {
        throw new Error("The site_pages row is missing; the seed did not run.");
      }
      return json(pages);
    },
  },
  {
    method: "GET",
    path: "/v1/get-subcategory-list/",
    // The public list shows the Normal (level 0) discount (call 2, docs/upstream-api.md).
    handle: ({ db }) => json(listProviders(db, 0).map(toWireSubcategory)),
  },
];
