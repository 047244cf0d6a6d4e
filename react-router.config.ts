import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router refuses an action whose Origin names another site. Opera Mini (extreme) and
  // some privacy settings post with `Origin: null` (or none, which React Router lets through):
  // those are let through to the action, whose CSRF token check still refuses a post that did
  // not come from the portal's own page (decision 054).
  allowedActionOrigins: ["null"],
} satisfies Config;
