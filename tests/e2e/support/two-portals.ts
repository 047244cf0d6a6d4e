import { type Cluster, startCluster, useCluster } from "../../support/cluster.ts";
import { test as faultTest } from "./fault-portal.ts";

/**
 * Two portals behind one load balancer, as an operator runs several containers: one
 * PostgreSQL (their own data), one Redis (limits, once-keys, caches), one secret, and the
 * fault upstream, which counts the calls that reach it. A session, a CSRF token or a sealed
 * review made by one is good on the other. Only a test that asks for `cluster` starts them.
 */
export const test = faultTest.extend<object, { cluster: Cluster }>({
  cluster: [
    async ({ faults, upstreamTimeoutMs }, use) =>
      useCluster(
        startCluster({
          shared: ["redis", "postgres"],
          upstreamUrl: faults.url,
          settings: {
            UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs),
            PRODUCT_NAME: "Payvend",
            // Limits per e-mail are what these tests reach; the address's budget is out of the way.
            LOGIN_ATTEMPTS_PER_IP: "100000",
          },
        }),
        use,
      ),
    { scope: "worker", timeout: 90_000 },
  ],
});
