import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The server build's entry is server/app.ts, so the Express handler and the app share
// one module graph: context keys created in app/ are the same objects getLoadContext sets.
// In development Vite resolves react-router to its development build while Node would give
// @react-router/express the production one: two RouterContextProvider classes, and every
// request refused. Letting Vite load the adapter too keeps one copy.
export default defineConfig(({ command }) => ({
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      ...(command === "serve" ? { resolve: { noExternal: ["@react-router/express", "@react-router/node"] } } : {}),
    },
  },
  resolve: { tsconfigPaths: true },
  // Pico's own Sass still uses syntax Dart Sass warns about; ours is checked as usual.
  css: { preprocessorOptions: { scss: { quietDeps: true } } },
  plugins: [reactRouter()],
}));
