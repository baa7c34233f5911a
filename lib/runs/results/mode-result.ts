import { z } from "zod";
import type { Finding } from "@/lib/judging/judges/types";
import type { EvaluationStatus } from "@/lib/runs/schemas/runs";

/** One stored result (an Evaluation row) of a call and criterion in one mode. */
export interface ModeResult {
  status: EvaluationStatus;
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  findings: Finding[];
}

const findingSchema = z.object({
  check: z.string(),
  severity: z.enum(["info", "minor", "major", "critical"]),
  path: z.string().optional(),
  message: z.string(),
  evidence: z.string().optional(),
});

const STATUSES: readonly string[] = ["pending", "running", "done", "error", "not-applicable"] satisfies EvaluationStatus[];

/**
 * Findings as stored (Evaluation.findings is Json). Rows outlive code versions, so an entry that
 * no longer fits the shape is dropped rather than failing the whole page.
 */
export function parseFindings(value: unknown): Finding[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = findingSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * A row as Prisma returns it (status is a plain string there). A status this code does not know
 * is read as "error": the row cannot be trusted as a result, and an error is what gets looked at.
 */
export function modeResultFromRow(row: { status: string; score: number | null; passed: boolean | null; explanation: string | null; findings: unknown }): ModeResult {
  return {
    status: STATUSES.includes(row.status) ? (row.status as EvaluationStatus) : "error",
    score: row.score,
    passed: row.passed,
    explanation: row.explanation,
    findings: parseFindings(row.findings),
  };
}
