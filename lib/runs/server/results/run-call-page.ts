import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { RunCallRow, TranscriptMetadata } from "@/lib/runs/results/run-call-row";
import { pageCount } from "@/lib/platform/table-query";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { parseTags } from "@/lib/transcripts/server/metadata-columns";
import { humanMarksForCalls } from "@/lib/review/server/human-marks";
import { filteredResults } from "./run-call-filters";
import { runCallIds } from "./run-call-query";
import { storedCallCount, walkPays } from "./run-call-walk";
import type { RunState } from "./state-cache";
import { cachedViewCount } from "./view-count";

export interface RunCallPage {
  /** One row per call of the page, as the table shows it. */
  rows: RunCallRow[];
  total: number;
  /** The page shown: the asked one, or the last when the filter left fewer pages. */
  page: number;
}

const PREVIEW = 120;

function metadataOf({ model, taskId, trial, tags, reward, success }: Omit<TranscriptMetadata, "tags"> & { tags: string | null }): TranscriptMetadata {
  return { model, taskId, trial, tags: parseTags(tags), reward, success };
}

/**
 * One page of the run's calls in the view's filter and order, for a run read just before. The
 * filter, the order and the paging run in SQL and give ids; only then are the page's calls,
 * results and flips loaded, so the cost follows the page size, not the size of the run.
 */
export async function runCallPage(prisma: PrismaClient, run: RunState, view: RunView): Promise<RunCallPage> {
  const runId = run.id;
  let page = view.page;
  // A result filter's count comes first: how much of the run it keeps decides how its page is read.
  const walkable = view.sort === "transcript" && filteredResults(runId, view) !== null;
  const total = walkable ? await cachedViewCount(prisma, run, view) : null;
  const counts = walkable && total !== null ? { matching: total, storedCalls: await storedCallCount(prisma) } : null;
  const pageIds = (at: number) => {
    const skip = (at - 1) * view.size;
    return runCallIds(prisma, runId, view, skip, view.size, { walk: counts !== null && walkPays(view, skip, view.size, counts) });
  };
  // SQLite answers one query at a time: otherwise the page's rows first, since they are what the page is for.
  let ids = total === 0 ? [] : await pageIds(page);
  const count = total ?? (await cachedViewCount(prisma, run, view));
  if (!ids.length && count > 0 && page > 1) {
    page = pageCount(count, view.size);
    ids = await pageIds(page);
  }
  if (!ids.length) return { rows: [], total: count, page };
  const [calls, results, flips, humans] = await Promise.all([
    prisma.toolCall.findMany({
      where: { id: { in: ids } },
      select: { id: true, transcriptId: true, ordinal: true, toolName: true, rawArguments: true, transcript: { select: { name: true, model: true, taskId: true, trial: true, tags: true, reward: true, success: true } } },
    }),
    prisma.evaluation.findMany({
      where: { runId, toolCallId: { in: ids } },
      select: { toolCallId: true, criterionId: true, mode: true, status: true, score: true, passed: true, error: true },
    }),
    prisma.callComparison.findMany({ where: { runId, toolCallId: { in: ids }, flipped: true }, select: { toolCallId: true, criterionId: true } }),
    // People's verdicts for this page's calls only: a cell shows them beside the judge's.
    humanMarksForCalls(prisma, runId, ids, { verdictOnly: true }),
  ]);
  const byCall = new Map(calls.map((call) => [call.id, call]));
  const rows = ids.flatMap((id): RunCallRow[] => {
    const call = byCall.get(id);
    if (!call) return [];
    return [
      {
        toolCallId: call.id,
        transcriptId: call.transcriptId,
        transcriptName: call.transcript.name,
        transcript: metadataOf(call.transcript),
        ordinal: call.ordinal,
        toolName: call.toolName,
        argumentsPreview: call.rawArguments.length > PREVIEW ? `${call.rawArguments.slice(0, PREVIEW - 1)}…` : call.rawArguments,
        results: results.filter((result) => result.toolCallId === id).map(({ toolCallId: _toolCallId, ...result }) => result),
        flipped: flips.filter((flip) => flip.toolCallId === id).map((flip) => flip.criterionId),
        humans: humans.get(id) ?? [],
      },
    ];
  });
  return { rows, total: count, page };
}
