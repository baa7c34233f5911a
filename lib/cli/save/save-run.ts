import { createReadStream } from "node:fs";
import path from "node:path";
import type { Criterion } from "@/lib/criteria/parse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { addCriteria } from "@/lib/criteria/server/add-criteria";
import { createRun } from "@/lib/runs/server/create-run";
import { importFile } from "@/lib/transcripts/server/import-file";
import { judgeFactoryFromEnv } from "@/lib/runs/server/worker/judge-factory";
import { runUntilIdle } from "@/lib/runs/server/worker/run-until-idle";
import type { JudgeEnv } from "@/lib/judging/judges/registry";
import { newRunSchema, type RunJudgeConfig, type RunMode } from "@/lib/runs/schemas/runs";
import type { SavedRunInfo } from "../report";
import { AppError } from "@/lib/platform/errors/app-error";

export interface SaveRunInput {
  files: readonly string[];
  criteria: readonly Criterion[];
  judge: RunJudgeConfig;
  mode: RunMode;
  name?: string;
  concurrency?: number;
  env: JudgeEnv;
  database: string;
  onError?: (error: unknown) => void;
}

/**
 * Stores the files as one upload, the criteria, and a run over that upload, then judges it the
 * way the server does (runUntilIdle: claim, judge, write), so the dashboard shows the run as if
 * it had been started there. Like any worker, it also finishes older pending runs of the same
 * database before returning.
 */
export async function saveRun(prisma: PrismaClient, input: SaveRunInput): Promise<SavedRunInfo> {
  let uploadId: string | undefined;
  let imported = 0;
  let duplicates = 0;
  const transcriptIds: string[] = [];
  for (const file of input.files) {
    const report = await importFile(prisma, {
      fileName: path.basename(file),
      chunks: createReadStream(file),
      source: "cli",
      uploadId,
      // A local file is the user's own: the server's upload limit protects the server, not this.
      maxFileBytes: Number.MAX_SAFE_INTEGER,
    });
    uploadId = report.uploadId;
    imported += report.imported.length;
    duplicates += report.duplicates.length;
    // Content already stored by an earlier upload is still part of what this command evaluated.
    transcriptIds.push(...report.imported.map((t) => t.id), ...report.duplicates.map((d) => d.existingId).filter((existing) => existing !== ""));
  }
  const base = { uploadId: uploadId ?? "", database: input.database, imported, duplicates, evaluations: 0, errors: 0 };

  await addCriteria(prisma, [...input.criteria], "user");
  const rows = await prisma.criterion.findMany({ where: { text: { in: input.criteria.map((c) => c.text) } }, select: { id: true, text: true } });
  const ids = new Map(rows.map((row) => [row.text, row.id]));
  const run = newRunSchema.parse({
    name: input.name,
    selection: { kind: "transcripts", ids: transcriptIds },
    criterionIds: input.criteria.map((criterion) => ids.get(criterion.text)),
    judge: input.judge,
    mode: input.mode,
  });

  let runId: string;
  try {
    runId = (await createRun(prisma, run)).runId;
  } catch (error) {
    if (error instanceof AppError && error.code === "empty-selection") {
      const why = transcriptIds.length === 0 ? "no transcript could be stored" : "the transcripts hold no tool calls";
      return { ...base, runId: null, name: run.name, note: `${why}; the results above were computed, not saved.` };
    }
    throw error;
  }

  await runUntilIdle({
    prisma,
    judgeFactory: judgeFactoryFromEnv(input.env),
    ...(input.concurrency ? { concurrencyFor: () => input.concurrency as number } : {}),
    onError: input.onError,
  });
  const stored = await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { total: true, errorCount: true, status: true } });
  return { ...base, runId, name: run.name, evaluations: stored.total, errors: stored.errorCount };
}
