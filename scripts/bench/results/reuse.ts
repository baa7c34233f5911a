/**
 * A seeded database kept for the next bench (--keep, then --reuse): the seed's summary is written
 * beside it, since the pages' expected counts and the measured ids come from it.
 */
import fs from "node:fs";
import { z } from "zod";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import type { Options } from "./options";
import { takeFinalSnapshots } from "./final-snapshots";
import { seedResults, type SeedSummary } from "./seed";

const summaryFile = (databaseFile: string) => `${databaseFile}.summary.json`;

/** Seeds `databaseFile` as bench:results always did, and keeps its summary beside it. */
export async function seedAndDescribe(dir: string, databaseFile: string, options: Options, log: (line: string) => void): Promise<SeedSummary> {
  log(`Seeding ${databaseFile} (seed ${options.seed})…`);
  const seeded = await seedResults(dir, databaseFile, { transcripts: options.transcripts, calls: options.calls, bothShare: options.bothShare, seed: options.seed }, log);
  await finalSnapshots(databaseFile, seeded.runId, log);
  fs.writeFileSync(summaryFile(databaseFile), JSON.stringify(seeded));
  return seeded;
}

const count = z.number().int().nonnegative();
const summarySchema = z.object({
  databaseFile: z.string(),
  runId: z.string(),
  runName: z.string(),
  criteria: z.array(z.object({ id: z.string(), text: z.string(), scale: z.string() })),
  transcripts: count,
  toolCalls: count,
  messages: count,
  callsWithoutResponse: count,
  pairs: count,
  bothCalls: count,
  bothPairs: count,
  evaluationRows: count,
  rowsByMode: z.object({ immediate: count, hindsight: count }),
  rowsByStatus: z.object({ done: count, notApplicable: count, error: count }),
  cached: count,
  comparisons: count,
  flippedComparisons: count,
  expected: z.object({ allCalls: count, changedCalls: count, failCalls: count }),
  sortCriterionId: z.string(),
  filterCriterionId: z.string(),
  middleCall: z.object({ id: z.string(), index: count, toolName: z.string(), ordinal: count }),
  databaseBytes: count,
  milliseconds: z.number(),
}) satisfies z.ZodType<SeedSummary>;

/** The summary of a database seeded and kept by an earlier bench, migrated to the current schema. */
export async function reusedSeed(databaseFile: string, log: (line: string) => void): Promise<SeedSummary> {
  if (!fs.existsSync(summaryFile(databaseFile))) throw new Error(`--reuse: no ${summaryFile(databaseFile)} (only a bench.db kept by bench:results --keep can be reused)`);
  const parsed = summarySchema.parse(JSON.parse(fs.readFileSync(summaryFile(databaseFile), "utf8")));
  const started = performance.now();
  await applyMigrations(`file:${databaseFile}`);
  log(`Reusing ${databaseFile} (migrations applied in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  await finalSnapshots(databaseFile, parsed.runId, log);
  return { ...parsed, databaseFile, databaseBytes: fs.statSync(databaseFile).size };
}

async function finalSnapshots(databaseFile: string, runId: string, log: (line: string) => void): Promise<void> {
  const ms = await takeFinalSnapshots(`file:${databaseFile}`, runId);
  if (ms) log(`  the run's final snapshots taken by the worker's code in ${(ms / 1000).toFixed(1)} s, as a worker does before it closes a run`);
}
