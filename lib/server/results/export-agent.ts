import type { PrismaClient } from "@/lib/generated/prisma/client";

/** One exported agent-level result: a transcript × agent criterion, with `scope` "agent" and no call fields. */
export interface AgentExportRecord {
  run_id: string;
  scope: "agent";
  transcript_id: string;
  transcript_name: string;
  criterion_id: string;
  criterion: string;
  status: string;
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  findings: unknown;
  judge: string | null;
  latency_ms: number | null;
  error: string | null;
  /** Agent-level results are not reviewed yet. */
  human: null;
}

export interface AgentResultRow {
  id: string;
  transcriptId: string;
  transcript: { name: string };
  criterionId: string;
  criterion: { text: string };
  status: string;
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  findings: unknown;
  judgeId: string | null;
  latencyMs: number | null;
  error: string | null;
}

export function agentExportRecord(runId: string, row: AgentResultRow): AgentExportRecord {
  return {
    run_id: runId,
    scope: "agent",
    transcript_id: row.transcriptId,
    transcript_name: row.transcript.name,
    criterion_id: row.criterionId,
    criterion: row.criterion.text,
    status: row.status,
    score: row.score,
    passed: row.passed,
    explanation: row.explanation,
    findings: row.findings ?? [],
    judge: row.judgeId,
    latency_ms: row.latencyMs,
    error: row.error,
    human: null,
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
        transcript: { select: { name: true } },
        criterionId: true,
        criterion: { select: { text: true } },
        status: true,
        score: true,
        passed: true,
        explanation: true,
        findings: true,
        judgeId: true,
        latencyMs: true,
        error: true,
      },
    });
    if (rows.length) yield rows.map((row) => agentExportRecord(runId, row));
    if (rows.length < pageSize) return;
  }
}
