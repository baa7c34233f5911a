import { createPgDatabase, dropPgDatabase, pgTestServer } from "./db/pg-test-server";
import { applyMigrations } from "./db/schema-engine";
import { TEST_SERVER_VARIABLE, TEST_TEMPLATE_VARIABLE, testDatabaseProvider } from "./test-database-mode";

/**
 * Vitest's global setup. With CALLBOARD_TEST_DATABASE=postgresql: a PostgreSQL server (the one
 * CALLBOARD_TEST_POSTGRES_URL names, else a throwaway cluster, scripts/pg-cluster.ts) and one
 * migrated template database, which each test database copies (CREATE DATABASE … TEMPLATE is
 * much faster than migrating each one). Nothing to do on SQLite.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (testDatabaseProvider() !== "postgresql") return undefined;
  const server = await pgTestServer();
  const templateUrl = await createPgDatabase(server.url, "template");
  try {
    await applyMigrations(templateUrl);
  } catch (error) {
    await dropPgDatabase(server.url, templateUrl);
    server.stop();
    throw error;
  }
  // Test workers start after this and inherit the environment.
  process.env[TEST_SERVER_VARIABLE] = server.url;
  process.env[TEST_TEMPLATE_VARIABLE] = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  return async () => {
    await dropPgDatabase(server.url, templateUrl).catch(() => undefined);
    server.stop();
  };
}
