export type PathParams = Readonly<Record<string, string>>;

export interface Route<Context> {
  readonly method: string;
  // Written as docs/upstream-api.md writes it, with {name} for a path segment:
  // "/v1/get-airtime-plans/{subcategory_id}/".
  readonly path: string;
  readonly handle: (context: Context, params: PathParams) => Response | Promise<Response>;
}

export type RouteMatch<Context> =
  | { readonly kind: "found"; readonly route: Route<Context>; readonly params: PathParams }
  | { readonly kind: "method-not-allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not-found" };

type Segment = { readonly literal: string } | { readonly param: string };

interface CompiledRoute<Context> {
  readonly route: Route<Context>;
  readonly segments: readonly Segment[];
}

export type Router<Context> = (method: string, pathname: string) => RouteMatch<Context>;

export function createRouter<Context>(routes: readonly Route<Context>[]): Router<Context> {
  const compiled = routes.map((route) => ({ route, segments: compilePath(route.path) }));
  assertUnique(routes);

  return (method, pathname) => {
    const requested = pathname.split("/");
    const allowed: string[] = [];
    for (const candidate of compiled) {
      const params = matchSegments(candidate, requested);
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

function compilePath(path: string): Segment[] {
  if (!path.startsWith("/")) {
    throw new Error(`Route path ${path} must start with a slash.`);
  }
  const names = new Set<string>();
  return path.split("/").map((part) => {
    const param = /^\{([a-z_]+)\}$/.exec(part)?.[1];
    if (param === undefined) {
      if (part.includes("{") || part.includes("}")) {
        throw new Error(`Route path ${path} has a malformed parameter.`);
      }
      return { literal: part };
    }
    if (names.has(param)) {
      throw new Error(`Route path ${path} repeats the parameter ${param}.`);
    }
    names.add(param);
    return { param };
  });
}

function matchSegments<Context>(
  candidate: CompiledRoute<Context>,
  requested: readonly string[],
): PathParams | undefined {
  if (requested.length !== candidate.segments.length) {
    return undefined;
  }
  const params: Record<string, string> = {};
  for (const [index, segment] of candidate.segments.entries()) {
    const part = requested[index];
    if (part === undefined) {
      return undefined;
    }
    if ("literal" in segment) {
      if (part !== segment.literal) {
        return undefined;
      }
      continue;
    }
    const value = decodeSegment(part);
    // An empty segment would let "/v1/x//" reach a handler that expects a value.
    if (value === undefined || value === "") {
      return undefined;
    }
    params[segment.param] = value;
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
