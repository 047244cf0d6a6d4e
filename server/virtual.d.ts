declare module "virtual:react-router/server-build" {
  const build: import("react-router").ServerBuild;
  export = build;
}

/** The client chunks written once per language (vite-one-language.ts, decision 072). */
declare module "virtual:one-language-chunks" {
  const chunks: readonly string[];
  export default chunks;
}
