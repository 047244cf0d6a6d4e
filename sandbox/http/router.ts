export type PathParams = Readonly<Record<string, string>>;

export interface Route<Context> {
  readonly method: string;
  // A URLPattern pathname, with :name for a path segment: "/v1/get-airtime-plans/:subcategory_id/"
  // for docs/upstream-api.md's "/v1/get-airtime-plans/{subcategory_id}/" (decision 084).
  readonly path: string;
  readonly handle: (context: Context, params: PathParams) => Response | Promise<Response>;
}

export type RouteMatch<Context> =
  | { readonly kind: "found"; readonly route: Route<Context>; readonly params: PathParams }
  | { readonly kind: "method-not-allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not-found" };

interface CompiledRoute<Context> {
  readonly route: Route<Context>;
  readonly pattern: URLPattern;
  // The path up to its first parameter. An exec costs microseconds and a request would try
  // every route, so a cheap startsWith rules out all but one or two first.
  readonly prefix: string;
}

export type Router<Context> = (method: string, pathname: string) => RouteMatch<Context>;

export function createRouter<Context>(routes: readonly Route<Context>[]): Router<Context> {
  const compiled = routes.map(compile);
  assertUnique(routes);

  return (method, pathname) => {
    const allowed: string[] = [];
    for (const candidate of compiled) {
      if (!pathname.startsWith(candidate.prefix)) {
        continue;
      }
      const params = matchParams(candidate.pattern, pathname);
      if (params === undefined) {
        continue;
      }
      if (candidate.route.method === method) {
        return { kind: "found", route: candidate.route, params };
      }
      allowed.push(candidate.route.method);
    }
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
  };
}

function compile<Context>(route: Route<Context>): CompiledRoute<Context> {
  const { path } = route;
  // A pathname pattern without its slash would be taken as relative and match nothing.
  if (!path.startsWith("/")) {
    throw new Error(`Route path ${path} must start with a slash.`);
  }
  // Only plain segments and :name: a wildcard, group or modifier would let a handler see
  // a path docs/upstream-api.md does not have.
  if (/[*(){}?+\\]/.test(path)) {
    throw new Error(`Route path ${path} may use only :name parameters.`);
  }
  let pattern: URLPattern;
  try {
    pattern = new URLPattern({ pathname: path });
  } catch {
    // URLPattern refuses a repeated or malformed :name without saying which.
    throw new Error(`Route path ${path} is not a valid URLPattern pathname.`);
  }
  const firstParam = path.indexOf(":");
  return { route, pattern, prefix: firstParam === -1 ? path : path.slice(0, firstParam) };
}

// URLPattern hands back a segment as sent, percent-encoded; a handler wants the text. A
// :name never matches an empty segment, so "/v1/x//" reaches no handler.
function matchParams(pattern: URLPattern, pathname: string): PathParams | undefined {
  const groups = pattern.exec({ pathname })?.pathname.groups;
  if (groups === undefined) {
    return undefined;
  }
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(groups)) {
    const value = raw === undefined ? undefined : decodeSegment(raw);
    if (value === undefined) {
      return undefined;
    }
    params[name] = value;
  }
  return params;
}

function decodeSegment(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function assertUnique<Context>(routes: readonly Route<Context>[]): void {
  const seen = new Set<string>();
  for (const route of routes) {
    const id = `${route.method} ${route.path}`;
    if (seen.has(id)) {
      throw new Error(`Route ${id} is declared twice.`);
    }
    seen.add(id);
  }
}
