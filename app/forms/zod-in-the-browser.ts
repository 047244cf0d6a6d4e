// What the browser runs in place of Zod's small API (decision 082): the part of `zod/mini` and
// of `safeParse` from `zod/v4/core` that the forms in app/forms use, with Zod's own order of
// checks, aborts and messages, in about a fifth of its bytes. The client build resolves those two
// imports here (vite.config.ts); the server, the type check and the forms' tests read Zod itself,
// and the forms' tests run a second time on this (vitest.config.ts), so the two read every form
// alike. A form that uses more of Zod's API fails the client build, as a missing export.

type Issue = {
  code: string;
  message?: string;
  path?: PropertyKey[];
  input?: unknown;
  continue?: boolean;
  fatal?: boolean;
  /** What raised it, whose `error` words it. */
  inst?: { error?: ErrorMap | undefined };
  /** The schema whose check raised it: its `error` words it when the check has none. */
  schema?: Schema;
};

type Payload = { value: unknown; issues: Issue[]; aborted?: boolean; addIssue?: (issue: Issue) => void };

type ErrorMap = (issue: Issue) => string | { message: string } | undefined;

type Params = {
  error?: string | ErrorMap;
  abort?: boolean;
  path?: PropertyKey[];
  when?: (payload: Payload) => boolean;
};

type Check = {
  when: ((payload: Payload) => boolean) | undefined;
  run: (payload: Payload) => void;
};

function normalized(params: string | Params | undefined): Params & { error?: ErrorMap } {
  if (params === undefined) return {};
  if (typeof params === "string") return { error: () => params };
  const { error } = params;
  return typeof error === "string" ? { ...params, error: () => error } : { ...params, error };
}

/** Any issue that does not say it may go on stops what comes after it. */
function aborted(payload: Payload, from = 0): boolean {
  return payload.aborted === true || payload.issues.slice(from).some((issue) => issue.continue !== true);
}

/** What stops even a check with its own `when`: an `abort`, or a pipe that failed. */
function explicitlyAborted(payload: Payload): boolean {
  return payload.aborted === true || payload.issues.some((issue) => issue.continue === false);
}

type Parse = (payload: Payload) => Payload;

type Shape = Record<string, Schema>;

type Definition = {
  parse: Parse;
  error?: ErrorMap | undefined;
  checks?: readonly Check[];
  optin?: "optional" | undefined;
  optout?: "optional" | undefined;
  shape?: Shape;
};

class Schema {
  readonly def: Definition;
  /** An object's fields, as `z.object(...).shape` gives them. */
  readonly shape: Shape | undefined;

  constructor(def: Definition) {
    this.def = def;
    this.shape = def.shape;
  }

  run(payload: Payload): Payload {
    const { parse, checks = [] } = this.def;
    const result = parse(payload);
    let isAborted = aborted(result);
    for (const check of checks) {
      if (check.when) {
        if (explicitlyAborted(result) || !check.when(result)) continue;
      } else if (isAborted) continue;
      const before = result.issues.length;
      check.run(result);
      if (result.issues.length === before) continue;
      for (const issue of result.issues.slice(before)) issue.schema ??= this;
      if (!isAborted) isAborted = aborted(result, before);
    }
    return result;
  }

  check(...checks: Check[]): Schema {
    return new Schema({ ...this.def, checks: [...(this.def.checks ?? []), ...checks] });
  }

  safeParse(value: unknown) {
    return safeParse(this, value);
  }
}

function message(issue: Issue): string {
  const own = issue.inst?.error?.(issue);
  const schemas = issue.schema !== issue.inst ? issue.schema?.def.error?.(issue) : undefined;
  const found = own ?? schemas;
  return (typeof found === "string" ? found : found?.message) ?? "Invalid input";
}

export function safeParse(schema: Schema, value: unknown) {
  const result = schema.run({ value, issues: [] });
  if (result.issues.length === 0) return { success: true as const, data: result.value };
  const issues = result.issues.map((issue) => ({
    ...issue,
    path: issue.path ?? [],
    message: issue.message ?? message(issue),
  }));
  return { success: false as const, error: { issues } };
}

export const NEVER = Object.freeze({ status: "aborted" });

export function string(params?: string | Params): Schema {
  const { error } = normalized(params);
  const parse: Parse = (payload) => {
    if (typeof payload.value !== "string")
      payload.issues.push({ code: "invalid_type", input: payload.value, inst: { error } });
    return payload;
  };
  return new Schema({ parse, error });
}

function enumOf(values: readonly string[], params?: string | Params): Schema {
  const { error } = normalized(params);
  const parse: Parse = (payload) => {
    if (typeof payload.value !== "string" || !values.includes(payload.value))
      payload.issues.push({ code: "invalid_value", input: payload.value, inst: { error } });
    return payload;
  };
  return new Schema({ parse, error });
}
export { enumOf as enum };

/** Whatever it is given; only its checks judge it. */
export function custom(): Schema {
  return new Schema({ parse: (payload) => payload });
}

export function transform(fn: (value: unknown, payload: Payload) => unknown): Schema {
  const parse: Parse = (payload) => {
    payload.value = fn(payload.value, payload);
    return payload;
  };
  return new Schema({ parse, optin: "optional" });
}

export function optional(inner: Schema): Schema {
  const parse: Parse = (payload) => (payload.value === undefined ? payload : inner.run(payload));
  return new Schema({ parse, optin: "optional", optout: "optional" });
}

export function pipe(first: Schema, then: Schema): Schema {
  const parse: Parse = (payload) => {
    const left = first.run(payload);
    if (left.issues.length > 0) {
      left.aborted = true;
      return left;
    }
    return then.run({ value: left.value, issues: left.issues });
  };
  return new Schema({ parse, optin: first.def.optin, optout: then.def.optout });
}

export function object(shape: Shape): Schema {
  const parse: Parse = (payload) => {
    const input = payload.value;
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      payload.issues.push({ code: "invalid_type", input });
      return payload;
    }
    const fields = input as Record<string, unknown>;
    const value: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const present = key in fields;
      const { optin, optout } = field.def;
      const optionalOut = optout === "optional";
      if (!present && optionalOut && optin === "optional") continue;
      const result = field.run({ value: fields[key], issues: [] });
      if (result.issues.length > 0) {
        if (optin !== undefined && optionalOut && !present) continue;
        for (const issue of result.issues) payload.issues.push({ ...issue, path: [key, ...(issue.path ?? [])] });
      }
      if (!present && optin === undefined) {
        if (result.issues.length === 0) payload.issues.push({ code: "invalid_type", input: undefined, path: [key] });
        continue;
      }
      if (result.value !== undefined || present) value[key] = result.value;
    }
    payload.value = value;
    return payload;
  };
  return new Schema({ parse, shape });
}

// Checks, as `.check(...)` takes them.

/** Runs only on a value with a length (Zod's default for length checks), even after an issue that may go on. */
const hasLength = (payload: Payload) =>
  payload.value !== undefined && payload.value !== null && (payload.value as { length?: unknown }).length !== undefined;

/** Zod counts a string's length in code points. */
const lengthOf = (value: unknown) => (typeof value === "string" ? [...value].length : (value as unknown[]).length);

/** A check that records one issue, in Zod's words for it, when `passes` says no. */
function failing(
  code: string,
  passes: (value: unknown) => unknown,
  params: string | Params | undefined,
  whenByDefault?: (payload: Payload) => boolean,
): Check {
  const { error, abort, when = whenByDefault, path = [] } = normalized(params);
  const inst = { error };
  return {
    when,
    run: (payload) => {
      if (!passes(payload.value))
        payload.issues.push({ code, input: payload.value, inst, path: [...path], continue: !abort });
    },
  };
}

export function minLength(minimum: number, params?: string | Params): Check {
  return failing("too_small", (value) => lengthOf(value) >= minimum, params, hasLength);
}

export function maxLength(maximum: number, params?: string | Params): Check {
  return failing("too_big", (value) => lengthOf(value) <= maximum, params, hasLength);
}

export function regex(pattern: RegExp, params?: string | Params): Check {
  return failing(
    "invalid_format",
    (value) => {
      pattern.lastIndex = 0;
      return pattern.test(String(value));
    },
    params,
  );
}

export function trim(): Check {
  return {
    when: undefined,
    run: (payload) => {
      payload.value = String(payload.value).trim();
    },
  };
}

export function refine(fn: (value: unknown) => unknown, params?: string | Params): Check {
  return failing("custom", fn, params);
}

export function superRefine(fn: (value: unknown, payload: Payload) => void): Check {
  // Its issues say their own words; without, their schema's (the check has none of its own).
  const inst = {};
  return {
    when: undefined,
    run: (payload) => {
      payload.addIssue = (issue) => {
        const added: Issue = { ...issue };
        if (added.fatal) added.continue = false;
        added.code ??= "custom";
        if (!("input" in added)) added.input = payload.value;
        added.inst ??= inst;
        added.continue ??= true;
        payload.issues.push(added);
      };
      fn(payload.value, payload);
    },
  };
}
