import type { DatabaseSync } from "node:sqlite";
import type { Log } from "./log.ts";

export interface SandboxContext {
  readonly db: DatabaseSync;
  readonly request: Request;
  readonly url: URL;
  readonly log: Log;
}
