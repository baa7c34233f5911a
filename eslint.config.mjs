import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import regexp from "eslint-plugin-regexp";

/** The React rules Next's configs turn on, by plugin. */
const REACT_RULES = [...new Set(nextVitals.flatMap((config) => Object.keys(config.rules ?? {})))].filter((rule) => /^(react|react-hooks|jsx-a11y)\//.test(rule));
/** Features under lib/ (platform is shared infrastructure, cli an entry point like scripts/). */
const FEATURES = ["accounts", "criteria", "demo", "judging", "monitors", "references", "review", "runs", "transcripts"];
/** What reaches the database: a feature's server code, the database platform, Prisma. */
const SERVER_CODE = ["@/lib/*/server/**", "**/server/**", "@/lib/platform/db/**", "@/lib/generated/**", "@prisma/*"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Product code reads uploaded text: a regex whose time grows faster than its input lets one long
    // value stall the judge or a page (lib/judging/judges/regex-linearity.test.ts measures the same on V8).
    files: ["{app,components,lib}/**/*.{ts,tsx}", "proxy.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/test-fixtures/**"],
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    // Components render; they never reach the database (they may call a feature's actions).
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: SERVER_CODE }],
    },
  },
  {
    // A feature's domain code does no I/O: only its server/ and actions/ reach the database.
    files: [`lib/{${FEATURES.join(",")}}/**/*.{ts,tsx}`],
    ignores: ["lib/*/server/**", "lib/*/actions/**", "**/*.test.ts", "**/test-fixtures/**", "**/test-fixtures.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: SERVER_CODE }],
    },
  },
  {
    // No React lives here (no .tsx, no hooks): React's rules would only cost time, half of lint's (react-hooks/static-components alone).
    files: ["{lib,scripts,bench,e2e}/**/*.ts"],
    rules: Object.fromEntries(REACT_RULES.map((rule) => [rule, "off"])),
  },
  globalIgnores([".next/**", "lib/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", ".reports/**", "data/**", "next-env.d.ts", "**/*.tmp.*"]),
]);
