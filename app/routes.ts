import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// SPEC.md §2's URL table, one line per screen.
export default [
  route("healthz", "routes/healthz.ts"),
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about-us", "routes/about-us.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("terms-and-conditions", "routes/terms-and-conditions.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
