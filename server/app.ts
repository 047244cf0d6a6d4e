import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { requestInfoContext } from "../app/context.ts";

// server.ts checks Redis through the app's own client before it opens the port.
export { redisStartupProblem } from "../app/redis.server.ts";

// Built by Vite together with the app (see vite.config.ts), so requestInfoContext here is
// the very object the loaders read.
export const app = express.Router();

function loadContext(info: { requestId: string; clientIp: string; secure: boolean }) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

const fetchHandler = createFetchHandler(() => import("virtual:react-router/server-build"));

/** The app's answer to a signed-out GET, for the public pages' cache (server/page-cache.ts). */
export function renderPage({ url, ...info }: { url: string; requestId: string; clientIp: string; secure: boolean }) {
  return fetchHandler(new Request(url, { headers: { Accept: "text/html" } }), loadContext(info));
}

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(request, response) {
      return loadContext({
        requestId: String(response.locals.requestId ?? "unknown"),
        clientIp: request.ip ?? "unknown",
        secure: request.secure,
      });
    },
  }),
);
