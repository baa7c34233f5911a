import { z } from "zod";
import { anthropicJudgeId, anthropicJudgeSettingsSchema } from "@/lib/judging/judges/anthropic/settings";
import { COMPOSO_JUDGE_ID, composoJudgeSettingsSchema } from "@/lib/judging/judges/composo/settings";
import { openaiJudgeId, openaiJudgeSettingsSchema } from "@/lib/judging/judges/openai/settings";

export const RUN_MODES = ["auto", "immediate", "hindsight", "both"] as const;
export type RunMode = (typeof RUN_MODES)[number];

export const RUN_STATUSES = ["pending", "running", "done", "cancelled", "error"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const EVALUATION_STATUSES = ["pending", "running", "done", "error", "not-applicable"] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

export const MAX_RUN_CRITERIA = 50;

const id = z.string().trim().min(1).max(100);
/** A filter's text: trimmed, at most 200 characters, and absent when blank. */
export const filterText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : undefined));

/** Which transcripts a run covers: one upload, the transcripts list's filters, or everything. */
export const runSelectionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("upload"), uploadId: id }),
  z.object({ kind: z.literal("filter"), q: filterText, tool: filterText, warnings: z.enum(["yes", "no"]).optional() }),
  // A monitor's run: transcripts are added as they arrive (lib/monitors), never chosen up front.
  z.object({ kind: z.literal("monitor") }),
  // Named transcripts: what a CLI upload holds, including content an earlier upload already stored.
  z.object({
    kind: z.literal("transcripts"),
    ids: z
      .array(id)
      .min(1)
      .max(100_000)
      .transform((ids) => [...new Set(ids)]),
  }),
]);
export type RunSelection = z.infer<typeof runSelectionSchema>;

/**
 * The judge as a run stores it (Run.judgeSettings): everything that changes results, never a
 * secret. The registry's settings without `apiKey` (unknown keys are stripped, so a key sent by
 * a form is dropped); the worker adds the key from the server's environment when it builds the judge.
 */
export const runJudgeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("checks") }),
  openaiJudgeSettingsSchema.omit({ apiKey: true }).extend({ kind: z.literal("openai") }),
  anthropicJudgeSettingsSchema.omit({ apiKey: true }).extend({ kind: z.literal("anthropic") }),
  composoJudgeSettingsSchema.omit({ apiKey: true }).extend({ kind: z.literal("composo") }),
]);
export type RunJudgeConfig = z.infer<typeof runJudgeSchema>;

/** The id results are stored under (Evaluation.judgeId, Run.judgeId); the same as the built judge's id. */
export function runJudgeId(config: RunJudgeConfig): string {
  switch (config.kind) {
    case "checks":
      // CHECKS_JUDGE_ID, written out: importing lib/judging/judges/checks would pull the whole judge into a form's bundle.
      return "checks";
    case "openai":
      return openaiJudgeId(config.model);
    case "anthropic":
      return anthropicJudgeId(config.model);
    case "composo":
      return COMPOSO_JUDGE_ID;
  }
}

const criterionIdsSchema = z
  .array(id)
  .min(1, "Pick at least one criterion.")
  // A repeated id would only create rows that collide on the unique (run, call, criterion, mode).
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(id).max(MAX_RUN_CRITERIA, `A run covers at most ${MAX_RUN_CRITERIA} criteria.`));

export function defaultRunName(judge: RunJudgeConfig, mode: RunMode, now: Date = new Date()): string {
  return `${runJudgeId(judge)} · ${mode} · ${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The "new run" form. */
export const newRunSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(120, "A run name is at most 120 characters.")
      .optional()
      .transform((value) => (value ? value : undefined)),
    selection: runSelectionSchema,
    criterionIds: criterionIdsSchema,
    judge: runJudgeSchema.default({ kind: "checks" }),
    mode: z.enum(RUN_MODES).default("auto"),
  })
  .transform((input) => ({ ...input, name: input.name ?? defaultRunName(input.judge, input.mode) }));

export type NewRunInput = z.input<typeof newRunSchema>;
export type NewRun = z.output<typeof newRunSchema>;

/** Cancel, retry and progress actions take just the run's id. */
export const runIdSchema = z.object({ runId: id });
