/**
 * Postinstall, after `prisma generate`: derives the PostgreSQL schema from prisma/schema.prisma
 * (lib/platform/db/provider-schema.ts) into lib/generated/schema.postgresql.prisma and generates
 * its client into lib/generated/prisma-pg, which lib/platform/db/client.ts uses for postgresql:// URLs.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { postgresSchemaText } from "../lib/platform/db/provider-schema";

const POSTGRES_SCHEMA_PATH = path.join("lib", "generated", "schema.postgresql.prisma");

const derived = postgresSchemaText(fs.readFileSync(path.join("prisma", "schema.prisma"), "utf8"));
fs.mkdirSync(path.dirname(POSTGRES_SCHEMA_PATH), { recursive: true });
fs.writeFileSync(POSTGRES_SCHEMA_PATH, derived);
const result = spawnSync(path.join("node_modules", ".bin", "prisma"), ["generate", "--schema", POSTGRES_SCHEMA_PATH], { stdio: "inherit" });
process.exit(result.status ?? 1);
