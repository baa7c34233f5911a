import { RunSummary, type SummaryCriterion } from "@/components/runs/run-summary";
import type { ViewMode } from "@/lib/judging/judges/types";
import type { RunResultsSummary } from "@/lib/runs/server/run-results";

interface Props {
  runId: string;
  criteria: SummaryCriterion[];
  modes: ViewMode[];
  summary: Promise<RunResultsSummary>;
}

/** The per-criterion summary of a running run, streamed in once its aggregates are read. */
export async function RunSummarySection({ runId, criteria, modes, summary }: Props) {
  const { stats, flips } = await summary;
  return <RunSummary runId={runId} criteria={criteria} modes={modes} stats={stats} flips={flips} />;
}
