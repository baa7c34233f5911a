/**
 * The data of `npm run bench:runs`: deterministic transcripts (the generator of bench:import:
 * system prompt, user turns, parallel calls, a few missing responses and broken arguments),
 * imported through the upload code path, and three criteria the built-in judge measures.
 */
import path from "node:path";
import { parseCriterion } from "@/lib/criteria/parse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createCriterion } from "@/lib/criteria/server/create-criterion";
import { importFile } from "@/lib/transcripts/server/import-file";
import { generateTranscripts } from "../generate-transcripts";
import fs from "node:fs";

export const BENCH_CRITERIA = [
  "Tool call passes if the selected tool and every argument correctly fulfil the user's request",
  "Reward tool calls that select appropriate tools and provide accurate parameters",
  "Penalize tool calls that fail with an error or ignore what the tool returned",
] as const;

export interface SeededData {
  transcripts: number;
  toolCalls: number;
  criterionIds: string[];
}

export async function seedRunsData(prisma: PrismaClient, dir: string, options: { transcripts: number; calls: number; seed: number }): Promise<SeededData> {
  const file = path.join(dir, "transcripts.jsonl");
  generateTranscripts(file, options);
  const report = await importFile(prisma, { fileName: "bench-runs.jsonl", chunks: fs.createReadStream(file), source: "api", maxFileBytes: 10 * 1024 ** 3 });
  if (report.imported.length !== options.transcripts) throw new Error(`bench-runs: imported ${report.imported.length} of ${options.transcripts} transcripts`);
  fs.rmSync(file);
  const criterionIds: string[] = [];
  for (const text of BENCH_CRITERIA) {
    const parsed = parseCriterion(text);
    if (!parsed.ok) throw new Error(`bench-runs: ${parsed.message}`);
    criterionIds.push((await createCriterion(prisma, parsed.criterion)).id);
  }
  return { transcripts: await prisma.transcript.count(), toolCalls: await prisma.toolCall.count(), criterionIds };
}
