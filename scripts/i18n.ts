import { compile } from "@inlang/paraglide-js";
import { paraglideOptions } from "../paraglide.config.ts";

// `npm run i18n`: the messages compiled before the type check and lint, with the very options
// the build's plugin uses, so that what tsc checks is what the build ships.
await compile(paraglideOptions);
