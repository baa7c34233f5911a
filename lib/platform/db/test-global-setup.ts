import { createPgDatabase, dropPgDatabase, pgTestServer } from "./pg-test-server";
import { applyMigrations } from "./schema-engine";
import { judgeDemo, JUDGED_DEMO_VARIABLE } from "@/lib/runs/server/results/test-fixtures";
import { createTestDatabase } from "./test-database";
import { TEST_SERVER_VARIABLE, TEST_SQLITE_TEMPLATE_VARIABLE, TEST_TEMPLATE_VARIABLE, testDatabaseProvider } from "./test-database-mode";

/**
 * Vitest's global setup for the database tests: one migrated template database, which each test
 * database copies (copying a file, or CREATE DATABASE … TEMPLATE, is much faster than migrating
 * each one). On SQLite a file; with CALLBOARD_TEST_DATABASE=postgresql a database on a PostgreSQL
 * server (the one CALLBOARD_TEST_POSTGRES_URL names, else a throwaway cluster, scripts/pg-cluster.ts).
 * On either database, the
 * demo data judged once (results/test-fixtures.ts), which the result tests copy instead of each
 * judging it again. Test workers start after this and inherit the environment.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Both database projects (shared modules, and isolated) name this file; Vitest runs their setups one after the other.
  if (process.env[JUDGED_DEMO_VARIABLE]) return async () => undefined;
  const teardown: (() => Promise<void>)[] = [];
  const tearDown = async () => {
    for (const step of teardown.reverse()) await step().catch(() => undefined);
  };
  try {
    if (testDatabaseProvider() === "postgresql") {
      const server = await pgTestServer();
      teardown.push(async () => server.stop());
      const templateUrl = await createPgDatabase(server.url, "template");
      teardown.push(() => dropPgDatabase(server.url, templateUrl));
      await applyMigrations(templateUrl);
      process.env[TEST_SERVER_VARIABLE] = server.url;
      process.env[TEST_TEMPLATE_VARIABLE] = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
    } else {
      const template = await createTestDatabase("template");
      teardown.push(template.cleanup);
      await template.prisma.$disconnect();
      process.env[TEST_SQLITE_TEMPLATE_VARIABLE] = template.url.slice("file:".length);
    }
    const demo = await createTestDatabase("judged-demo");
    teardown.push(demo.cleanup);
    await judgeDemo(demo.prisma);
    // Copied as a file (SQLite) or as a template (PostgreSQL): both need it closed.
    await demo.prisma.$disconnect();
    process.env[JUDGED_DEMO_VARIABLE] = demo.url;
  } catch (error) {
    await tearDown();
    throw error;
  }
  return tearDown;
}
