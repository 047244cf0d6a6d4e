import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink, AppNavLink } from "./app-link.tsx";

/** The HTML a link draws while the page at `path` is shown. */
function drawnAt(path: string, link: () => ReturnType<typeof createElement>): string {
  const Stub = createRoutesStub([{ path: "*", Component: link }]);
  return renderToString(createElement(Stub, { initialEntries: [path] }));
}

describe("AppLink", () => {
  it("is a plain link to its path and query, which is all it is without JavaScript", () => {
    const html = drawnAt("/dashboard", () =>
      createElement(AppLink, { to: "/dashboard/transactions?page=2", className: "next" }, "Next"),
    );
    expect(html).toContain('<a class="next" href="/dashboard/transactions?page=2" data-discover="true">Next</a>');
  });
});

describe("AppNavLink", () => {
  it.each([
    ["on its own path", "/dashboard/profile", "/dashboard/profile", false, true],
    ["on its own path in other capitals", "/Dashboard/Profile", "/dashboard/profile", false, true],
    ["below its path", "/dashboard/profile", "/dashboard", false, true],
    ["below its path, with end", "/dashboard/profile", "/dashboard", true, false],
    ["on a path that only starts with the same letters", "/dashboardx", "/dashboard", false, false],
    ["elsewhere", "/dashboard/transactions", "/dashboard/profile", false, false],
  ])("%s: aria-current is set only where the reader is", (_, shown, to, end, current) => {
    const html = drawnAt(shown, () => createElement(AppNavLink, { to, end }, "Menu item"));
    expect(html.includes('aria-current="page"')).toBe(current);
    expect(html.includes('class="active"')).toBe(current);
  });
});
