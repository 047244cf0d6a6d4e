import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";

// Serves the bare page's build the way server.ts serves the portal's: Express and React
// Router's Express adapter, listening where PORT says, with its static files and the
// health check the bench waits for.

const build = (await import(new URL("./build/server/index.js", import.meta.url).href)) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(express.static(fileURLToPath(new URL("./build/client", import.meta.url))));
app.get("/healthz", (_request, response) => {
  response.json({ ok: true });
});
app.all("/{*path}", createRequestHandler({ build }));
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("listening\n"));
process.once("SIGTERM", () => server.close());
