import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layers } from "./eslint.layers.js";

// Lint for what the compiler does not catch: promises left floating, values of unknown type
// used as if checked, hooks used wrongly, inaccessible markup. Formatting is Prettier's
// alone (decision 025).
export default tseslint.config(
  {
    ignores: [
      "**/build/",
      "**/.react-router/",
      ".tools/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "public/",
      // Compiled from project.inlang by Paraglide (decision 055).
      "app/i18n/paraglide/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["*.js"] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "error",
      // React Router's own idiom: loaders and actions throw redirect() and data() responses.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // An async function that implements an async interface need not await anything.
      "@typescript-eslint/require-await": "off",
      // Rejections pass on what was caught or an AbortSignal's reason, as they came.
      "@typescript-eslint/prefer-promise-reject-errors": [
        "error",
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      // Hostile-input checks match control characters on purpose, to refuse them.
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling table region is focusable so keyboards can scroll it (WCAG 2.1.1).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region"] }],
    },
  },
  { files: ["app/**/*.tsx", "app/**/*.ts"], ...reactHooks.configs.flat.recommended },
  {
    // Imports go one way (docs/layout.md, decision 041).
    files: ["**/*.ts", "**/*.tsx"],
    plugins: { layers },
    rules: { "layers/direction": "error" },
  },
  {
    files: ["app/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Link with AppLink or AppNavLink from app/components/app-link.tsx (decision 038).",
            },
          ],
        },
      ],
    },
  },
  {
    // Form schemas and domain rules run in the browser too: Zod's classic API there costs
    // 14 KB gzipped on every form page (decision 037).
    files: ["app/forms/**/*.ts", "app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: 'Use "zod/mini" in code the browser loads (decision 037).' }],
        },
      ],
    },
  },
  {
    // Tests: Playwright fixtures take `{}` and call `use` (not React's); expect.any() and
    // page.evaluate() answer `any` by design, and the assertion that follows checks the value.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: {
      "no-empty-pattern": "off",
      // Naming the `buyer` fixture is what signs the page in, whether or not the test reads it.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_|^buyer$", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/no-unsafe-enum-comparison": "off",
    },
  },
  { files: ["**/*.js"], ...tseslint.configs.disableTypeChecked },
  prettier,
);
