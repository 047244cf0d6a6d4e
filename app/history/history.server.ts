import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Caller } from "../infra/context.ts";
import {
  type SortColumn,
  type SortDirection,
  sortTransactions,
  type TransactionRecord,
} from "../domain/transactions.ts";
import { filterTransactions, type TransactionFilters } from "../domain/transaction-filters.ts";
import { ledgerOf, moneyByRow, type RowMoney } from "../domain/ledger.ts";
import { log } from "../infra/log.server.ts";
import { redis } from "../infra/redis.server.ts";
import { signedIn } from "../session/signed-in.server.ts";
import { getTransactions } from "../upstream/dashboard.server.ts";

// The signed-in session's history (call 36), read once per request and kept 30 s for that
// session only (decision 033). The upstream sends the whole history in one list, so
// a reseller with 10,000 rows would otherwise pay for it, validated, on every page and sort.
//
// - Keyed by a hash of the session's token: two sessions, even of one account, never share.
// - Dropped for the session by any form it posts (a purchase, funding, a re-check, logout),
//   by a card payment's return and by each row a bulk purchase settles: every change to the
//   history that this portal makes. A change made elsewhere shows within 30 s.
// - With REDIS_URL, the rows stay in each process's memory, but whether they are still good
//   is a per-session generation number in Redis, so a purchase on one container drops the
//   history on all of them.
// - Bounded: at most MAX_ROWS rows across all sessions; the oldest entries go first. A row
//   takes about 460 bytes of heap, so 50,000 rows (five 10,000-row histories) stay within
//   about 22 MiB of the image's 160 MB old space (decision 073).

export const HISTORY_TTL_MS = 30_000;
const MAX_ROWS = 50_000;

type Rows = TransactionRecord[];
type Entry = { generation: number; version: string; rows: Promise<Rows>; expiresAt: number; size: number };

/** The current generation of each session's history: bumped when a change drops it. */
export type Generations = { current(session: string): Promise<number>; bump(session: string): Promise<void> };

export function memoryGenerations(maxSessions = 100_000): Generations {
  const generations = new Map<string, number>();
  return {
    async current(session) {
      return generations.get(session) ?? 0;
    },
    async bump(session) {
      const next = (generations.get(session) ?? 0) + 1;
      generations.delete(session);
      generations.set(session, next);
      for (const oldest of generations.keys()) {
        if (generations.size <= maxSessions) break;
        generations.delete(oldest);
      }
    },
  };
}

export function redisGenerations(client: Redis): Generations {
  const key = (session: string) => `history:${session}`;
  return {
    async current(session) {
      return Number((await client.get(key(session))) ?? 0);
    },
    async bump(session) {
      await client
        .multi()
        .incr(key(session))
        .pexpire(key(session), 24 * 60 * 60_000)
        .exec();
    },
  };
}

export type HistoryCache = {
  /** `version`: what the kept rows must have been read with (the wallet balance), or they are read again. */
  read(session: string, load: () => Promise<Rows>, version?: string): Promise<Rows>;
  forget(session: string): Promise<void>;
  readonly rows: number;
};

export function createHistoryCache(options: {
  generations: Generations;
  ttlMs?: number;
  maxRows?: number;
  now?: () => number;
}): HistoryCache {
  const ttlMs = options.ttlMs ?? HISTORY_TTL_MS;
  const maxRows = options.maxRows ?? MAX_ROWS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let rows = 0;

  function drop(session: string): void {
    const entry = entries.get(session);
    if (entry === undefined) return;
    rows -= entry.size;
    entries.delete(session);
  }

  function keep(session: string, entry: Entry, list: Rows): void {
    if (entries.get(session) !== entry) return;
    entry.size = list.length;
    rows += list.length;
    for (const [oldest] of entries) {
      if (rows <= maxRows) break;
      drop(oldest);
    }
  }

  return {
    async read(session, load, version = "") {
      let generation: number;
      try {
        generation = await options.generations.current(session);
      } catch (error) {
        // Without the shared generation nothing kept can be trusted: read afresh, keep nothing.
        log("warn", "history.generation-unavailable", {
          error: error instanceof Error ? error.message : String(error),
        });
        return load();
      }
      const hit = entries.get(session);
      if (hit && hit.generation === generation && hit.version === version && hit.expiresAt > now()) return hit.rows;
      drop(session);
      const entry: Entry = { generation, version, rows: load(), expiresAt: now() + ttlMs, size: 0 };
      entries.set(session, entry);
      entry.rows.then(
        (list) => keep(session, entry, list),
        () => {
          if (entries.get(session) === entry) entries.delete(session);
        },
      );
      return entry.rows;
    },
    async forget(session) {
      drop(session);
      try {
        await options.generations.bump(session);
      } catch (error) {
        log("warn", "history.forget-failed", { error: error instanceof Error ? error.message : String(error) });
      }
    },
    get rows() {
      return rows;
    },
  };
}

let shared: HistoryCache | undefined;

function cache(): HistoryCache {
  if (shared === undefined) {
    const client = redis();
    shared = createHistoryCache({ generations: client === null ? memoryGenerations() : redisGenerations(client) });
  }
  return shared;
}

/** The cache's key for a session: its token, hashed, so no token sits in memory or Redis as a key. */
export function sessionKey(token: string): string {
  return createHash("sha256").update(`history:${token}`).digest("base64url");
}

const requestHistory = createContext<Promise<Rows> | null>(null);

/** This session's history: once per request however many parts of the page need it, and kept 30 s. */
export function readHistory(context: Readonly<RouterContextProvider>, caller: Caller): Promise<Rows> {
  const read = context.get(requestHistory);
  if (read !== null) return read;
  // Money that moved since the rows were kept (a transfer credited, a refund) shows at once:
  // the wallet balance this request read is part of what the kept rows must match.
  const balance = String(signedIn(context).user.profile.walletBalanceKobo);
  const rows = cache().read(sessionKey(caller.token), () => getTransactions(caller), balance);
  context.set(requestHistory, rows);
  return rows;
}

/**
 * The dashboard's second middleware, after the signed-in user's: a form posted may change the
 * history (a purchase, funding, a re-check), so the kept copy is dropped before, and again
 * after, in case a page read it meanwhile.
 */
export const historyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const { token } = signedIn(context).caller;
  await forgetHistory(token);
  const response = await next();
  await forgetHistory(token);
  return response;
};

/** The session changed its history (or ended): the next read asks the upstream. */
export function forgetHistory(token: string): Promise<void> {
  return cache().forget(sessionKey(token));
}

type Derived = WeakMap<readonly TransactionRecord[], Map<string, TransactionRecord[]>>;

/** `derive()` for this list and key, worked out once while the list itself is kept. */
function once(kept: Derived, rows: readonly TransactionRecord[], key: string, derive: () => TransactionRecord[]) {
  let byKey = kept.get(rows);
  if (byKey === undefined) {
    byKey = new Map();
    kept.set(rows, byKey);
  }
  let derived = byKey.get(key);
  if (derived === undefined) {
    derived = derive();
    byKey.set(key, derived);
  }
  return derived;
}

// Each kept history's sorted orders, made once per sort while the history is kept: sorting
// 10,000 rows by a text column costs far more than the page that shows 25 of them.
const sortedOrders: Derived = new WeakMap();

/** The rows in this order; the same kept history asked the same way is sorted once. */
export function sortedHistory(
  rows: readonly TransactionRecord[],
  sort: SortColumn,
  dir: SortDirection,
): TransactionRecord[] {
  return once(sortedOrders, rows, `${sort}:${dir}`, () => sortTransactions(rows, sort, dir));
}

// And each filtering of a sorted order, while it is kept: a search over 10,000 rows costs far
// more than the 25 shown, and paging through what it found asks the same again.
const filteredOrders: Derived = new WeakMap();

/**
 * The sorted rows these filters find, with the rows for `named` numbers (saved under names the
 * search names); the same kept order filtered the same way is filtered once.
 */
export function filteredHistory(
  sorted: readonly TransactionRecord[],
  filters: TransactionFilters,
  named: readonly string[] = [],
): TransactionRecord[] {
  return once(filteredOrders, sorted, JSON.stringify([filters, named]), () =>
    filterTransactions(sorted, filters, named),
  );
}

// And each kept history's ledger by row (decision 042): what every row moved the wallet, told
// from the whole chain, worked out once while the history is kept.
const ledgers = new WeakMap<readonly TransactionRecord[], Map<number, RowMoney>>();

/** Each row's money by id, from the whole history's ledger. */
export function historyMoney(rows: readonly TransactionRecord[]): Map<number, RowMoney> {
  let money = ledgers.get(rows);
  if (money === undefined) {
    money = moneyByRow(ledgerOf(rows));
    ledgers.set(rows, money);
  }
  return money;
}
