import type { Config } from "@react-router/dev/config";

// The framework's floor for `npm run bench`: one server-rendered route, nothing of the portal.
export default { ssr: true } satisfies Config;
