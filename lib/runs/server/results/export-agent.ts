import type { PrismaClient } from "@/lib/generated/prisma/client";
import { parseReviewStatus } from "@/lib/review/status";
import { asScale, humanView } from "@/lib/review/server/item-view";
import type { HumanExport } from "@/lib/review/server/export-human";
import { exportVerdict, type ExportVerdict } from "@/lib/runs/results/export-verdict";
import { transcriptExportFields, type TranscriptExportFields } from "@/lib/runs/results/export-transcript";
import { parseTags } from "@/lib/transcripts/server/metadata-columns";
import { EXPORT_TRANSCRIPT_SELECT, type ExportTranscript } from "./export-transcript-select";

/** One exported agent-level result: a transcript × agent criterion, with `scope` "agent" and no call fields. */
export interface AgentExportRecord extends TranscriptExportFields {
  run_id: string;
  scope: "agent";
  transcript_id: string;
  transcript_name: string;
  criterion_id: string;
  criterion: string;
  status: string;
  score: number | null;
  passed: boolean | null;
  passed_from: ExportVerdict["passed_from"];
  explanation: string | null;
  findings: unknown;
  judge: string | null;
  latency_ms: number | null;
  error: string | null;
  /** The person's review, as for a call's result (export-human.ts); null when the result was never queued. */
  human: HumanExport | null;
}

export interface AgentResultRow {
  id: string;
  transcriptId: string;
  transcript: ExportTranscript;
  criterionId: string;
  criterion: { text: string; scale: string };
  status: string;
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  findings: unknown;
  judgeId: string | null;
  latencyMs: number | null;
  error: string | null;
  review: {
    status: string;
    verdict: string | null;
    humanPassed: boolean | null;
    humanScore: number | null;
    verdictAt: Date | null;
    verdictBy: { name: string } | null;
    label: { name: string } | null;
  } | null;
}

/** The review of an agent-level result as exported: what people stand behind, by the rules of a call's (lib/runs/results/human-mark). */
function agentHuman(row: AgentResultRow): HumanExport | null {
  const review = row.review;
  if (!review) return null;
  const { verdict, corrected } = humanView(review, row, asScale(row.criterion.scale));
  return {
    review_status: parseReviewStatus(review.status),
    verdict: verdict?.verdict ?? null,
    passed: corrected?.passed ?? null,
    score: corrected?.score ?? null,
    label: review.label?.name ?? null,
    reviewer: review.verdictBy?.name ?? null,
    reviewed_at: review.verdictAt?.toISOString() ?? null,
  };
}

export function agentExportRecord(runId: string, row: AgentResultRow): AgentExportRecord {
  return {
    run_id: runId,
    scope: "agent",
    transcript_id: row.transcriptId,
    transcript_name: row.transcript.name,
    ...transcriptExportFields({ ...row.transcript, tags: parseTags(row.transcript.tags) }),
    criterion_id: row.criterionId,
    criterion: row.criterion.text,
    status: row.status,
    score: row.score,
    ...exportVerdict(row, asScale(row.criterion.scale)),
    explanation: row.explanation,
    findings: row.findings ?? [],
    judge: row.judgeId,
    latency_ms: row.latencyMs,
    error: row.error,
    human: agentHuman(row),
  };
}

/** The run's agent-level results, page by page, by transcript then criterion (the order of their unique index). */
export async function* agentExportRecords(prisma: PrismaClient, runId: string, pageSize: number): AsyncGenerator<AgentExportRecord[]> {
  for (let skip = 0; ; skip += pageSize) {
    const rows = await prisma.transcriptEvaluation.findMany({
      where: { runId },
      orderBy: [{ transcriptId: "asc" }, { criterionId: "asc" }],
      skip,
      take: pageSize,
      select: {
        id: true,
        transcriptId: true,
        transcript: { select: EXPORT_TRANSCRIPT_SELECT },
        criterionId: true,
        criterion: { select: { text: true, scale: true } },
        status: true,
        score: true,
        passed: true,
        explanation: true,
        findings: true,
        judgeId: true,
        latencyMs: true,
        error: true,
        review: { select: { status: true, verdict: true, humanPassed: true, humanScore: true, verdictAt: true, verdictBy: { select: { name: true } }, label: { select: { name: true } } } },
      },
    });
    if (rows.length) yield rows.map((row) => agentExportRecord(runId, row));
    if (rows.length < pageSize) return;
  }
}
