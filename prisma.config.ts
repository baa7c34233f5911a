import path from "node:path";
import { defineConfig } from "prisma/config";

// `prisma generate` never runs the native schema engine but insists one exists and
// tries to download it, which fails offline; migrations go through scripts/db instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/dev/null";
process.env.CHECKPOINT_DISABLE ??= "1";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/callboard.db" },
});
