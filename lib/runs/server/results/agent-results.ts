import type { PrismaClient } from "@/lib/generated/prisma/client";
import { summariseAgentResults, type AgentCriterionSummary, type AgentResultItem } from "@/lib/runs/results/agent-result";
import type { AgentView } from "@/lib/runs/results/agent-view";
import { sqlDialect } from "@/lib/platform/db/dialect-sql";
import { agentResultsWhere } from "./agent-results-where";

export type { AgentResultItem } from "@/lib/runs/results/agent-result";

export const AGENT_RESULTS_PAGE = 50;

const select = {
  id: true,
  runId: true,
  run: { select: { name: true } },
  transcriptId: true,
  transcript: { select: { name: true } },
  criterionId: true,
  criterion: { select: { text: true, title: true, scale: true } },
  status: true,
  score: true,
  passed: true,
  explanation: true,
  findings: true,
  error: true,
  review: { select: { id: true, queueId: true, status: true, verdict: true } },
} as const;

interface Row {
  id: string;
  runId: string;
  run: { name: string };
  transcriptId: string;
  transcript: { name: string };
  criterionId: string;
  criterion: { text: string; title: string | null; scale: string };
  status: string;
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  findings: unknown;
  error: string | null;
  review: { id: string; queueId: string; status: string; verdict: string | null } | null;
}

function findingsOf(value: unknown): AgentResultItem["findings"] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((finding: unknown) => {
    if (typeof finding !== "object" || finding === null) return [];
    const { check, severity, message } = finding as Record<string, unknown>;
    return typeof message === "string" ? [{ check: String(check ?? ""), severity: String(severity ?? ""), message }] : [];
  });
}

function toItem(row: Row): AgentResultItem {
  return {
    id: row.id,
    runId: row.runId,
    runName: row.run.name,
    transcriptId: row.transcriptId,
    transcriptName: row.transcript.name,
    criterionId: row.criterionId,
    criterionText: row.criterion.text,
    criterionTitle: row.criterion.title,
    scale: row.criterion.scale,
    status: row.status,
    score: row.score,
    passed: row.passed,
    explanation: row.explanation,
    findings: findingsOf(row.findings),
    error: row.error,
    review: row.review,
  };
}

/**
 * A page of a run's agent-level results, by transcript then criterion, and how many there are;
 * with `view`, only those the run page's filters keep (lib/runs/results/agent-view.ts).
 */
export async function runAgentResults(prisma: PrismaClient, runId: string, page = 1, view?: AgentView): Promise<{ rows: AgentResultItem[]; total: number; page: number; pageSize: number }> {
  const where = view ? agentResultsWhere(runId, view, sqlDialect(prisma)) : { runId };
  const total = await prisma.transcriptEvaluation.count({ where });
  const pages = Math.max(1, Math.ceil(total / AGENT_RESULTS_PAGE));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = await prisma.transcriptEvaluation.findMany({
    where,
    orderBy: [{ transcriptId: "asc" }, { criterionId: "asc" }],
    skip: (current - 1) * AGENT_RESULTS_PAGE,
    take: AGENT_RESULTS_PAGE,
    select,
  });
  return { rows: rows.map(toItem), total, page: current, pageSize: AGENT_RESULTS_PAGE };
}

/** A transcript's agent-level results in every run, newest run first (at most `limit`). */
export async function transcriptAgentResults(prisma: PrismaClient, transcriptId: string, limit = 100): Promise<AgentResultItem[]> {
  const rows = await prisma.transcriptEvaluation.findMany({
    where: { transcriptId },
    orderBy: [{ run: { createdAt: "desc" } }, { criterionId: "asc" }],
    take: limit,
    select,
  });
  return rows.map(toItem);
}

/** Per agent criterion of the run (in the run's order): mean score, pass rate, n/a and errors, from the rows' values only. */
export async function runAgentSummary(prisma: PrismaClient, runId: string, criteria: readonly { id: string; scale: string }[]): Promise<AgentCriterionSummary[]> {
  const rows = await prisma.transcriptEvaluation.findMany({ where: { runId }, select: { criterionId: true, status: true, score: true, passed: true } });
  return summariseAgentResults(criteria, rows);
}
