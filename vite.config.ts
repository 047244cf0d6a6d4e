import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The server build's entry is server/app.ts, so the Express handler and the app share
// one module graph: context keys created in app/ are the same objects getLoadContext sets.
export default defineConfig({
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
});
