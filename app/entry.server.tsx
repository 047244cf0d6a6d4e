import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestInfoContext } from "./infra/context.ts";
import { env } from "./infra/env.server.ts";
import { errorFields, log } from "./infra/log.server.ts";
import { storeWriteFailed } from "./infra/store-writes.server.ts";
import { isUnwritableStoreError } from "./store/database.server.ts";
import { contentSecurityPolicy, createNonce } from "./guards/security.server.ts";
import { upstreamTarget } from "./upstream/transport.server.ts";
import { preloadsAfterStylesheet } from "./infra/first-paint.server.ts";
import { ACCEPT_CH, LITE_PAGES_VARY } from "./infra/lite-pages.server.ts";

export const streamTimeout = 5_000;

// Pages are small and carry no deferred data, so every document is rendered whole before
// the first byte: the status code is final and slow phones get one complete response. The
// body goes out as one buffer, not React's few-kilobyte chunks: each chunk would cost its own
// trip through the adapter and its own flush of the compressor (decision 036). Its module
// preloads are then moved behind the stylesheet, so no script delays the first paint
// (decision 070).
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  const { assetBase } = upstreamTarget();
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, {
      imageOrigins: assetBase ? [new URL(assetBase).origin] : [],
      development: env().NODE_ENV === "development",
    }),
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", "no-store");
  // The browser's connection type from the next request on, and a page that differs by it and
  // by Save-Data: lite pages (decision 071).
  responseHeaders.set("Accept-CH", ACCEPT_CH);
  responseHeaders.append("Vary", LITE_PAGES_VARY);

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // A Suspense boundary's content stays where it is in the HTML however long the page:
        // past React's 12,800 bytes it would be sent apart and moved in by a script, and a page
        // without JavaScript would show nothing there (the purchase page's boundary, decision 089).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeout);
                const page = preloadsAfterStylesheet(Buffer.concat(chunks));
                resolve(new Response(page, { headers: responseHeaders, status }));
                callback();
              },
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          log("error", "render.failed", {
            requestId: loadContext.get(requestInfoContext).requestId,
            ...errorFields(error),
          });
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

// React Router refuses a post whose Origin is another site's with 400 before any action
// runs. That is an attack or a stale page, not a fault: a warning without a stack. A
// document post names the origin check; a .data post says only "Bad Request", which React
// Router uses for nothing else.
function isCrossSiteRefusal(error: unknown): boolean {
  return error instanceof Error && (error.message.includes("`origin` header") || error.message === "Bad Request");
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isCrossSiteRefusal(error)) {
    log("warn", "request.cross-site", {
      requestId: context.get(requestInfoContext).requestId,
      path: new URL(request.url).pathname,
      origin: request.headers.get("Origin"),
    });
    return;
  }
  // A disk that takes no writes fails every request that writes: said once, loudly, by the
  // store's own line rather than once per request with a stack (decision 067).
  if (isUnwritableStoreError(error)) {
    storeWriteFailed(new URL(request.url).pathname, error);
    return;
  }
  log("error", "request.failed", {
    requestId: context.get(requestInfoContext).requestId,
    path: new URL(request.url).pathname,
    ...errorFields(error),
  });
};
