/**
 * A database holding the bench's seeded transcripts and criteria (seed.ts): on SQLite a copy of a
 * template seeded once under the system's temporary directory and reused by later runs, on
 * PostgreSQL (scripts/bench/database.ts) a database seeded afresh each time.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPrisma } from "@/lib/platform/db/client";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { openBenchDatabases, takeDatabaseOption } from "../database";
import { seedRunsData } from "./seed";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface SeededDatabase {
  url: string;
  /** The SQLite file, or null on PostgreSQL. */
  file: string | null;
  close: () => Promise<void>;
}

/** `argv` may hold --database / --database-url; the SQLite copy goes into `dir`. */
export async function seededDatabase(transcripts: number, dir: string, argv: string[]): Promise<SeededDatabase> {
  const { option } = takeDatabaseOption(argv);
  if (option.dialect === "postgresql") {
    const databases = await openBenchDatabases(option, dir);
    const { url } = await databases.fresh("worker_only");
    const prisma = createPrisma(url);
    await seedRunsData(prisma, dir, { transcripts, calls: transcripts * 5, seed: 1 });
    await prisma.$disconnect();
    return { url, file: null, close: databases.close };
  }
  // Named after the latest migration too: a template seeded by another branch's schema (other
  // indexes) would measure that schema's writes, not this one's.
  const latest = fs.readdirSync(path.join(ROOT, "prisma/migrations"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort().at(-1) ?? "none";
  const template = path.join(os.tmpdir(), `callboard-worker-only-${transcripts}-${latest}.db`);
  if (!fs.existsSync(template)) {
    const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), "cb-seed-"));
    const file = path.join(seedDir, "seed.db");
    await applyMigrations(`file:${file}`);
    const prisma = createPrisma(`file:${file}`);
    await seedRunsData(prisma, seedDir, { transcripts, calls: transcripts * 5, seed: 1 });
    await prisma.$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    await prisma.$disconnect();
    fs.copyFileSync(file, template);
  }
  const file = path.join(dir, "bench.db");
  fs.copyFileSync(template, file);
  return { url: `file:${file}`, file, close: async () => undefined };
}
