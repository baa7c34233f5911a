import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import regexp from "eslint-plugin-regexp";

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
    // value stall the judge or a page (lib/judges/regex-linearity.test.ts measures the same on V8).
    files: ["{app,components,lib}/**/*.{ts,tsx}", "proxy.ts"],
    ignores: ["**/*.test.{ts,tsx}", "**/test-fixtures/**"],
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },
  {
    // Components render; they never reach the database.
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/lib/server/*", "@/lib/generated/*", "@prisma/*"] }],
    },
  },
  globalIgnores([".next/**", "lib/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", ".reports/**", "data/**", "next-env.d.ts", "**/*.tmp.*"]),
]);
