import { z } from "zod";

/** The database integration tests run on; set by CALLBOARD_TEST_DATABASE (default sqlite). */
export type TestDatabaseMode = { provider: "sqlite"; template?: string } | { provider: "postgresql"; serverUrl: string; template: string };

export const TEST_TEMPLATE_VARIABLE = "CALLBOARD_TEST_POSTGRES_TEMPLATE";
/** A migrated SQLite file that global setup made once; without it each test database is migrated itself. */
export const TEST_SQLITE_TEMPLATE_VARIABLE = "CALLBOARD_TEST_SQLITE_TEMPLATE";
export const TEST_SERVER_VARIABLE = "CALLBOARD_TEST_POSTGRES_URL";

const modeSchema = z.enum(["sqlite", "postgresql"], { message: 'CALLBOARD_TEST_DATABASE must be "sqlite" (the default) or "postgresql"' });

export function testDatabaseProvider(env: NodeJS.ProcessEnv = process.env): "sqlite" | "postgresql" {
  return modeSchema.parse(env.CALLBOARD_TEST_DATABASE || "sqlite");
}

export function testDatabaseMode(env: NodeJS.ProcessEnv = process.env): TestDatabaseMode {
  if (testDatabaseProvider(env) === "sqlite") return { provider: "sqlite", template: env[TEST_SQLITE_TEMPLATE_VARIABLE] || undefined };
  const serverUrl = env[TEST_SERVER_VARIABLE];
  const template = env[TEST_TEMPLATE_VARIABLE];
  if (!serverUrl || !template) {
    throw new Error(`CALLBOARD_TEST_DATABASE=postgresql needs vitest's global setup (lib/platform/db/test-global-setup.ts), which sets ${TEST_SERVER_VARIABLE} and ${TEST_TEMPLATE_VARIABLE}`);
  }
  return { provider: "postgresql", serverUrl, template };
}
