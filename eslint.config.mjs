import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
    // Components render; they never reach the database.
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/lib/server/*", "@/lib/generated/*", "@prisma/*"] }],
    },
  },
  globalIgnores([".next/**", "lib/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", ".reports/**", "data/**", "next-env.d.ts", "**/*.tmp.*"]),
]);
