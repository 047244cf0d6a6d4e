import { dirname, relative, resolve } from "node:path";

// Which part of the code may import which (docs/layout.md, decision 041). Each area lists the
// areas it may import besides itself; an area not in the table, or an import the table does
// not allow, fails lint. Tests (*.test.ts, tests/, the test runners' configs) may import anything.

const ROOT = import.meta.dirname;

const domain = ["app/domain"];
/** The languages and their messages (decision 055): every layer above the pure rules may say something. */
const i18n = ["app/i18n", ...domain];
const infra = ["app/infra", ...i18n];
const upstream = ["app/upstream", ...infra];
const session = ["app/session", "app/store", ...upstream];
/** What every feature builds on: services that know no feature. */
const services = [
  ...session,
  "app/pin",
  "app/customers",
  "app/settings",
  "app/forms",
  "app/content",
  "app/guards",
  "app/payments",
  "app/history",
];
const features = ["app/purchases", "app/funding", "app/bulk"];

const MAY_IMPORT = {
  "app/domain": [],
  "app/i18n": domain,
  "app/infra": i18n,
  "app/upstream": infra,
  "app/content": upstream,
  "app/store": infra,
  "app/session": [...upstream, "app/store"],
  "app/forms": session,
  "app/payments": session,
  "app/history": session,
  "app/pin": session,
  "app/customers": session,
  "app/settings": session,
  "app/guards": [...infra, "app/payments"],
  // Features never import one another, but for one one-way edge: a bulk row is bought
  // through the ordinary purchase flow.
  "app/purchases": services,
  "app/funding": services,
  "app/bulk": [...services, "app/purchases"],
  "app/components": ["app", ...services, ...features],
  "app/routes": ["app", "app/components", ...services, ...features],
  "app/styles": [],
  app: ["app/routes", "app/components", "app/styles", ...services],
  server: ["app/infra", "app/i18n", "app/guards", "app/store", "server"],
  ".": ["server", "app/infra", "app/guards"],
  sandbox: [],
  scripts: ["."],
};

/** The one module that may reach the embedded sandbox: the transport seam. */
const SANDBOX_SEAM = "app/upstream/transport.server.ts";

/** `app/bulk/x.ts` is in app/bulk; `app/root.tsx` in app; `server.ts` in "." */
function areaOf(path) {
  const parts = relative(ROOT, path).split("/");
  if (parts[0] === "app") return parts.length > 2 ? `app/${parts[1]}` : "app";
  return parts.length > 1 ? parts[0] : ".";
}

function isTest(path) {
  const file = relative(ROOT, path);
  return (
    file.startsWith("tests/") || /\.test(-support)?\.tsx?$/.test(file) || /^(playwright|vitest)\.config\.ts$/.test(file)
  );
}

const direction = {
  meta: {
    type: "problem",
    docs: { description: "Imports go one way: routes, components, features, services, domain" },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (isTest(file)) return {};
    const from = areaOf(file);
    function check(node) {
      const specifier = node.source?.value;
      // React Router's generated route types (./+types/…) belong to the route that imports them.
      if (typeof specifier !== "string" || !specifier.startsWith(".") || specifier.includes("/+types/")) return;
      const target = resolve(dirname(file), specifier);
      const to = areaOf(target);
      if (to === from) return;
      const allowed = MAY_IMPORT[from];
      if (allowed === undefined) {
        context.report({ node, message: `${from} is not in the layer table of eslint.layers.js.` });
      } else if (to === "sandbox" && relative(ROOT, file) !== SANDBOX_SEAM) {
        context.report({ node, message: `Only ${SANDBOX_SEAM} reaches the sandbox.` });
      } else if (to !== "sandbox" && !allowed.includes(to)) {
        context.report({ node, message: `${from} may not import ${to} (docs/layout.md).` });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layers = { rules: { direction } };
