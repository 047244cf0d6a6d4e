import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { EnvError, env } from "./app/infra/env.server.ts";
import { errorFields, log } from "./app/infra/log.server.ts";
import { baseSecurityHeaders, fileSecurityHeaders, requestRefusal } from "./app/guards/security.server.ts";
import { compressDocuments } from "./server/compressed.ts";
import { createPageCache, type RenderRequest } from "./server/page-cache.ts";
import { createPrecompressed, HASHED_FILES } from "./server/precompressed.ts";

// The HTTP edge (decision 001): proxy trust, request ids and logs, compression, static
// files and shutdown. Everything else is React Router's, in server/app.ts.

let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

// Without SESSION_SECRET a production portal signs with a secret it made and keeps on the
// data volume (decision 068): the operator is told where, never what.
if (config.sessionSecretSource.from === "file") {
  const { path, created } = config.sessionSecretSource;
  log("info", created ? "session-secret.created" : "session-secret.kept", {
    path,
    meaning:
      "SESSION_SECRET is unset: sign-ins are signed with the secret in this file; keep it with the database's backups",
  });
}

const development = config.NODE_ENV === "development";
// In production the built files are served from build/client: the hashed assets, and
// public/'s own files (the favicon, robots.txt), whose names are read once, here.
const publicNames = new Set(development ? [] : readdirSync("build/client").filter((name) => name !== "assets"));
const firstSegment = (path: string) => path.split("/", 2)[1] ?? "";
/** A request for a built file; in development Vite serves them. */
const isFile = (path: string) =>
  !development && (firstSegment(path) === "assets" || publicNames.has(firstSegment(path)));
const app = express();
app.disable("x-powered-by");
// No answer here needs Express's ETag: pages are no-store, and a hashed file is never asked
// for again (decision 095); `res.sendFile` would otherwise add one whatever it is told.
app.disable("etag");
app.set("trust proxy", config.TRUST_PROXY);

// Responses not yet sent, so a shutdown can tell their clients to close the connection.
const unsent = new Set<express.Response>();

app.use((request, response, next) => {
  unsent.add(response);
  response.on("close", () => unsent.delete(response));
  const requestId = randomUUID();
  const started = performance.now();
  response.locals.requestId = requestId;
  // A file is no document, and on a 2G line each header costs every file (decision 095):
  // it gets what applies to it, and its request id stays in the log line.
  if (isFile(request.path)) {
    response.set(fileSecurityHeaders(request.secure));
  } else {
    response.set("X-Request-Id", requestId);
    response.set(baseSecurityHeaders(request.secure));
  }
  response.on("finish", () => {
    log("info", "request", {
      requestId,
      method: request.method,
      path: request.path,
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
      ip: request.ip,
    });
  });
  next();
});

// Bodies that are no form, too big or of unknown size never reach React Router (decision 018).
app.use((request, response, next) => {
  const refusal = requestRefusal({
    method: request.method,
    host: request.get("Host"),
    contentType: request.get("Content-Type"),
    contentLength: request.get("Content-Length"),
    transferEncoding: request.get("Transfer-Encoding"),
  });
  if (refusal === null) return next();
  if (refusal.allow) response.set("Allow", refusal.allow);
  // The body is not read: the connection closes after the answer instead of carrying it.
  response.set("Connection", "close");
  response.status(refusal.status).type("text/plain").send(`${refusal.message}\n`);
});

// server/app.ts's exports, from the build (or from Vite in development): the app's own
// module instances, so the Redis client checked here is the one the routes use.
type AppEntry = {
  app: RequestHandler;
  renderPage: (request: RenderRequest) => Promise<Response>;
  requestLanguage: (cookieHeader: string | undefined, acceptLanguage: string | undefined) => string;
  litePagesFor: (headers: {
    cookie: string | undefined;
    saveData: string | undefined;
    ect: string | undefined;
  }) => boolean;
  isPublicNotFound: (path: string) => boolean;
  redisStartupProblem: () => Promise<string | null>;
  storeStartupProblem: (databaseUrl: string | undefined) => Promise<string | null>;
  closeStore: () => Promise<void>;
};

let handler: RequestHandler;
let entry: AppEntry;
if (development) {
  app.use(compression());
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  entry = (await viteServer.ssrLoadModule("./server/app.ts")) as AppEntry;
  handler = async (request, response, next) => {
    try {
      const source = await viteServer.ssrLoadModule("./server/app.ts");
      const reactRouter = source.app as RequestHandler;
      await reactRouter(request, response, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  };
} else {
  entry = (await import(new URL("./build/server/index.js", import.meta.url).href)) as AppEntry;
  handler = entry.app;
  // Before compression: the cache keeps each page compressed once (decision 029).
  app.use(
    createPageCache({
      paths: ["/", "/about-us", "/pricing", "/contact-us", "/terms-and-conditions", "/privacy-policy"],
      notFound: (path) => !isFile(path) && entry.isPublicNotFound(path),
      render: entry.renderPage,
      languageOf: entry.requestLanguage,
      litePagesOf: entry.litePagesFor,
      freshMs: 10_000,
      staleMs: 60_000,
      onRefreshError: (error) => log("error", "page-cache.refresh-failed", errorFields(error)),
    }),
  );
  // Before compression too: the JS and CSS compressed once at build time (decision 039).
  app.use("/assets", createPrecompressed({ directory: "build/client/assets", ...HASHED_FILES }));
  app.use(compression());
  app.use("/assets", express.static("build/client/assets", { ...HASHED_FILES, index: false }));
  // A name no build of this portal wrote (a page from before a deploy asking for its old
  // script): a plain 404 with a file's headers, not a page rendered for nobody to see.
  app.use("/assets", (_request, response) => {
    response.status(404).type("text/plain").send("Not found.\n");
  });
  // Only requests for public/'s own files look on disk: a page request costs no stat call.
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
  app.use((request, response, next) => {
    if (publicNames.has(firstSegment(request.path))) return publicFiles(request, response, next);
    next();
  });
}
// After compression(), so that a page compressed here in one call is one it leaves alone.
app.use(compressDocuments());
app.use(handler);

// With REDIS_URL set, rate limits and purchase outcomes are shared through Redis; a process
// that cannot reach it would count and remember alone, so it stops before taking requests.
const redisProblem = await entry.redisStartupProblem();
if (redisProblem !== null) {
  process.stderr.write(`${redisProblem}\n`);
  process.exit(1);
}
// The portal's own database (decision 048), migrated to this code's version before any
// request: one that cannot be opened, or that a newer portal migrated, stops the start.
const storeProblem = await entry.storeStartupProblem(config.DATABASE_URL);
if (storeProblem !== null) {
  process.stderr.write(`${storeProblem}\n`);
  process.exit(1);
}

// Errors React Router did not handle itself (a broken build, a bad request body): log
// with the id, answer with a plain page and no stack.
app.use(((error, request, response, _next) => {
  log("error", "request.crashed", { requestId: response.locals.requestId, path: request.path, ...errorFields(error) });
  if (response.headersSent) return response.end();
  response
    .status(500)
    .type("text/plain")
    .send(`Something went wrong. Please try again. Reference: ${String(response.locals.requestId)}\n`);
}) satisfies express.ErrorRequestHandler);

const server: Server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log("info", "server.started", {
    url: `http://localhost:${port}`,
    mode: config.NODE_ENV,
    upstream: config.UPSTREAM_URL ?? `embedded sandbox (${config.SANDBOX_DB})`,
    sharedState: config.REDIS_URL === undefined ? "memory" : "redis",
    database: config.DATABASE_URL?.startsWith("file:") === false ? "postgres" : "sqlite",
  });
});

function shutdown(signal: string) {
  log("info", "server.stopping", { signal });
  server.close(() => {
    void entry.closeStore().finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  // A request still running would otherwise leave its connection open for the keep-alive
  // timeout after its answer, and the process with it.
  for (const response of unsent) if (!response.headersSent) response.set("Connection", "close");
  // Requests still running after 10 s are cut so the orchestrator's stop does not hang.
  setTimeout(() => process.exit(0), 10_000).unref();
}
// A failed promise that nothing awaited is a bug to fix, not a reason to drop every other
// request in flight, purchases among them: it is logged as an error and the portal goes on.
process.on("unhandledRejection", (reason) => log("error", "unhandled-rejection", errorFields(reason)));
process.once("SIGTERM", () => shutdown("SIGTERM"));
process.once("SIGINT", () => shutdown("SIGINT"));
