import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseCriterion } from "@/lib/criteria/parse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { importItem } from "@/lib/transcripts/import-item";
import { newRunSchema } from "@/lib/runs/schemas/runs";
import { createRun } from "@/lib/runs/server/create-run";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import { preparedTranscript, storeTranscripts, type PreparedTranscript } from "@/lib/transcripts/server/store";

const DEMO_DIR = path.join(process.cwd(), "prisma", "demo");
const TRANSCRIPTS_FILE = "transcripts.json";

/**
 * Loads the demo set through the same validation as any upload, so the demo can never
 * hold something an upload would reject.
 */
export async function seedDemo(prisma: PrismaClient, dir = DEMO_DIR): Promise<{ transcripts: number; criteria: number }> {
  const items = z.array(z.unknown()).parse(JSON.parse(readFileSync(path.join(dir, TRANSCRIPTS_FILE), "utf8")));
  const prepared: PreparedTranscript[] = items.map((item, index) => {
    const outcome = importItem(item, { file: TRANSCRIPTS_FILE, index, ordinal: index + 1 });
    if (!outcome.ok) throw new Error(`Demo transcript ${index} is invalid: ${outcome.error.message}`);
    return preparedTranscript(outcome, TRANSCRIPTS_FILE, `index ${index}`);
  });

  const texts = z.array(z.string()).parse(JSON.parse(readFileSync(path.join(dir, "criteria.json"), "utf8")));
  const criteria = texts.map((text) => {
    const parsed = parseCriterion(text);
    if (!parsed.ok) throw new Error(`Demo criterion ${JSON.stringify(text)} is invalid: ${parsed.message}`);
    return parsed.criterion;
  });

  const upload = await prisma.upload.create({
    data: {
      source: "demo",
      fileNames: [TRANSCRIPTS_FILE],
      importedCount: 0,
      report: { imported: [], duplicates: [], rejected: [] },
    },
  });
  const stored = await storeTranscripts(prisma, upload.id, prepared);
  await prisma.upload.update({
    where: { id: upload.id },
    data: {
      importedCount: stored.stored.length,
      duplicateCount: stored.duplicates.length,
      warningCount: prepared.reduce((n, p) => n + p.warnings.length, 0),
      report: { imported: stored.stored, duplicates: stored.duplicates, rejected: [] },
    },
  });
  for (const criterion of criteria) {
    await prisma.criterion.upsert({
      where: { text: criterion.text },
      create: { text: criterion.text, kind: criterion.kind, scale: criterion.scale, condition: criterion.condition, source: "demo" },
      update: {},
    });
  }
  return { transcripts: stored.stored.length, criteria: criteria.length };
}

/**
 * A finished run in both modes with the built-in judge, so a new user sees results, flips and
 * the immediate-versus-hindsight diff at once. It is judged here, by the worker's own code.
 */
export async function seedDemoRun(prisma: PrismaClient) {
  const demo = await prisma.criterion.findMany({ where: { source: "demo" }, orderBy: { createdAt: "asc" }, select: { id: true, kind: true } });
  // One criterion of each prefix, so the demo run shows scores and verdicts alike.
  const chosen = [...new Map(demo.map((c) => [c.kind, c])).values()];
  const run = newRunSchema.parse({ name: "Demo: built-in checks, immediate and hindsight", selection: { kind: "all" }, criterionIds: chosen.map((c) => c.id), mode: "both" });
  await createRun(prisma, run);
  await runUntilIdle({ prisma });
}

/** The demo data and its finished run: what `npm start` loads into an empty database and `db:reset` restores. */
export async function loadDemo(prisma: PrismaClient, dir = DEMO_DIR) {
  const seeded = await seedDemo(prisma, dir);
  await seedDemoRun(prisma);
  return seeded;
}

/** Seeds only a database that holds nothing at all, so a user's data is never mixed with the demo. */
export async function seedDemoIfEmpty(prisma: PrismaClient, dir = DEMO_DIR) {
  const [transcripts, criteria, uploads] = await Promise.all([prisma.transcript.count(), prisma.criterion.count(), prisma.upload.count()]);
  if (transcripts + criteria + uploads > 0) return null;
  return loadDemo(prisma, dir);
}
