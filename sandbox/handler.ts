import { publicRoutes } from "./calls/public.ts";
import type { SandboxContext } from "./context.ts";
import { openDatabase } from "./db.ts";
import { writeJsonLine } from "./log.ts";
import type { Log } from "./log.ts";
import { methodNotAllowed, notFound, serverError } from "./responses.ts";
import { createRouter } from "./router.ts";
import { seedDatabase } from "./seed.ts";

export interface SandboxOptions {
  readonly databasePath: string;
  readonly log?: Log;
}

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  close(): void;
}

const router = createRouter<SandboxContext>([...publicRoutes]);

export function createSandbox(options: SandboxOptions): Sandbox {
  const log = options.log ?? writeJsonLine;
  const db = openDatabase(options.databasePath);
  try {
    seedDatabase(db);
  } catch (error) {
    db.close();
    throw error;
  }

  async function handle(request: Request): Promise<Response> {
    let pathname = "";
    try {
      const url = new URL(request.url);
      pathname = url.pathname;
      const match = router(request.method, url.pathname);
      switch (match.kind) {
        case "not-found":
          return notFound();
        case "method-not-allowed":
          return methodNotAllowed(match.allowed);
        case "found":
          return await match.route.handle({ db, request, url, log }, match.params);
      }
    } catch (error) {
      // The detail goes to the log only: a client, even a test one, never sees internals.
      log({
        level: "error",
        event: "sandbox_error",
        method: request.method,
        path: pathname,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return serverError();
    }
  }

  function close(): void {
    if (db.isOpen) {
      db.close();
    }
  }

  return { handle, close };
}
