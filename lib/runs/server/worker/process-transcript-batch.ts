import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { errorMessage } from "@/lib/judging/engine/errors";
import { failedCall, type SettledJudgeCall } from "@/lib/judging/engine/judge-call";
import { prepareAgent } from "@/lib/judging/engine/judge-agent";
import { judgeCalls, type Prepared } from "@/lib/judging/engine/judge-calls";
import { JUDGE_LABELS } from "@/lib/judging/judges/registry";
import type { AgentJudge } from "@/lib/judging/judges/agent";
import { agentJudgeOf } from "@/lib/judging/judges/build-judge";
import { runJudgeSchema } from "@/lib/runs/schemas/runs";
import { timeoutFor } from "@/lib/judging/engine/judge-from-env";
import { loadTranscriptBatch, type TranscriptWorkItem } from "./load-transcript-batch";
import { engineOptions, release, type BatchContext, type BatchReport } from "./process-batch";

const settled = (outcome: SettledJudgeCall): Prepared => ({ kind: "settled", outcome });

/** The row as the engine takes it: settled before any judge (bad criterion, judge unavailable or unable) or its judge, view and cache key. */
async function prepare(context: BatchContext, item: TranscriptWorkItem): Promise<Prepared> {
  const criterion = parseAgentCriterion(item.criterionText);
  if (!criterion.ok) return settled(failedCall("invalid_criterion", criterion.message));
  const config = runJudgeSchema.safeParse(item.judgeSettings);
  if (!config.success) return settled(failedCall("judge_unavailable", `The run's judge settings are not understood: ${config.error.issues[0]?.message ?? "invalid"}`));
  let judge: AgentJudge | null;
  try {
    judge = agentJudgeOf(config.data.kind, await context.judges.get(config.data));
  } catch (error) {
    return settled(failedCall("judge_unavailable", `The judge could not be started: ${errorMessage(error)}`));
  }
  if (!judge) {
    const label = JUDGE_LABELS[config.data.kind];
    return settled(failedCall("unsupported", `The ${label} judge cannot judge agent-level criteria (whole transcripts); run them with the built-in, OpenAI-compatible or Anthropic judge.`));
  }
  return prepareAgent({ judge, settings: config.data, criterion: criterion.criterion, view: item.view, timeoutMs: context.timeoutMs ?? timeoutFor(config.data) });
}

/**
 * Judges and writes a batch of claimed agent-level rows, as processBatch does for calls: the
 * same engine path (judgeCalls), cache, judge limiters and claim-guarded writer, so each result
 * is written exactly once.
 */
export async function processTranscriptBatch(context: BatchContext, ids: readonly string[]): Promise<BatchReport> {
  const report: BatchReport = { claimed: ids.length, written: 0, discarded: 0, released: 0 };
  for (const id of ids) context.inFlight.add(id);
  try {
    let items: TranscriptWorkItem[];
    try {
      items = await loadTranscriptBatch(context.prisma, ids);
    } catch (error) {
      context.onError(error);
      await release(context, ids, report);
      return report;
    }
    const prepared = await Promise.all(items.map((item) => prepare(context, item).catch((error: unknown) => settled(failedCall("internal", `The worker failed on this evaluation: ${errorMessage(error)}`)))));
    await judgeCalls(prepared, engineOptions(context, items, prepared, report));
    return report;
  } finally {
    for (const id of ids) context.inFlight.delete(id);
  }
}
