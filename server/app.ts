import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../app/context.ts";

// server.ts checks Redis through the app's own client before it opens the port.
export { redisStartupProblem } from "../app/redis.server.ts";

// Built by Vite together with the app (see vite.config.ts), so requestInfoContext here is
// the very object the loaders read.
export const app = express.Router();

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(request, response) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, {
        requestId: String(response.locals.requestId ?? "unknown"),
        clientIp: request.ip ?? "unknown",
        secure: request.secure,
      });
      return context;
    },
  }),
);
