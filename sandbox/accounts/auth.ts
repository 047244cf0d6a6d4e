import type { DatabaseSync } from "node:sqlite";
import type { SandboxContext } from "../http/context.ts";
import { isoTime } from "../http/context.ts";
import { unauthenticated } from "../http/responses.ts";
import type { PathParams, Route } from "../http/router.ts";
import { integerColumn } from "../store/rows.ts";
import { newToken, sha256Hex } from "./secrets.ts";
import { findUserById } from "./users.ts";
import type { UserRecord } from "./users.ts";

export interface Caller {
  readonly user: UserRecord;
  readonly tokenId: number;
}

export type AuthenticatedHandler = (
  context: SandboxContext,
  caller: Caller,
  params: PathParams,
) => Response | Promise<Response>;

// Wraps a call that needs a token (docs/upstream-api.md): the handler runs only for a live token.
export function authenticated(handler: AuthenticatedHandler): Route<SandboxContext>["handle"] {
  return (context, params) => {
    const caller = authenticate(context);
    return caller instanceof Response ? caller : handler(context, caller, params);
  };
}

function authenticate(context: SandboxContext): Caller | Response {
  const header = context.request.headers.get("authorization");
  if (header === null) {
    return unauthenticated("not_authenticated");
  }
  const [scheme = "", token, ...rest] = header.trim().split(/\s+/);
  // Another scheme is someone else's credential, not a bad one of ours: treated as absent.
  if (scheme.toLowerCase() !== "bearer") {
    return unauthenticated("not_authenticated");
  }
  if (token === undefined || rest.length > 0) {
    return unauthenticated("authentication_failed");
  }
  const active = findActiveToken(context.db, token);
  const user = active === undefined ? undefined : findUserById(context.db, active.userId);
  if (active === undefined || user === undefined) {
    return unauthenticated("authentication_failed");
  }
  return { user, tokenId: active.id };
}

// The token leaves the sandbox once, in the login answer; only its hash is kept.
export function issueToken(context: SandboxContext, userId: number): string {
  const token = newToken();
  context.db
    .prepare("INSERT INTO auth_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)")
    .run(sha256Hex(token), userId, isoTime(context));
  return token;
}

export function findActiveToken(db: DatabaseSync, token: string): { id: number; userId: number } | undefined {
  const row = db
    .prepare("SELECT id, user_id FROM auth_tokens WHERE token_hash = ? AND revoked_at IS NULL")
    .get(sha256Hex(token));
  return row === undefined ? undefined : { id: integerColumn(row, "id"), userId: integerColumn(row, "user_id") };
}

export function revokeToken(db: DatabaseSync, tokenId: number, at: string): void {
  db.prepare("UPDATE auth_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(at, tokenId);
}

// keepTokenId spares the session that asked, as after a password change.
export function revokeUserTokens(db: DatabaseSync, userId: number, at: string, keepTokenId = 0): number {
  const result = db
    .prepare("UPDATE auth_tokens SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL")
    .run(at, userId, keepTokenId);
  return Number(result.changes);
}
