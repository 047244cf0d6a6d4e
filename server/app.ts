import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
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

// The build itself, not a function returning it: given a function, React Router derives its
// route tables (every route's pattern compiled and ranked) again on every request.
const fetchHandler = createFetchHandler(build);

/** The app's answer to a signed-out GET, for the public pages' cache (server/page-cache.ts). */
export function renderPage({ url, ...info }: { url: string; requestId: string; clientIp: string; secure: boolean }) {
  return fetchHandler(new Request(url, { headers: { Accept: "text/html" } }), loadContext(info));
}

app.use(
  createRequestHandler({
    build,
    getLoadContext(request, response) {
      return loadContext({
        requestId: String(response.locals.requestId ?? "unknown"),
        clientIp: request.ip ?? "unknown",
        secure: request.secure,
      });
    },
  }),
);
