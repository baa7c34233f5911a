import { meanScore, passRate } from "./aggregates";
import { verdictOf, type VerdictInput } from "./verdict";

/** One agent-level result as the run and transcript pages show it. */
export interface AgentResultItem {
  id: string;
  runId: string;
  runName: string;
  transcriptId: string;
  transcriptName: string;
  criterionId: string;
  criterionText: string;
  criterionTitle: string | null;
  scale: string;
  status: string;
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  /** The judge's findings: {check, severity, message, evidence?}; [] when it found nothing. */
  findings: { check: string; severity: string; message: string }[];
  error: string | null;
  /** Its review item, when a queue holds it: where it stands and what the reviewer said. */
  review: { id: string; queueId: string; status: string; verdict: string | null } | null;
}

/** One agent criterion's results in a run, counted with the verdict rules every page uses. */
export interface AgentCriterionSummary {
  criterionId: string;
  /** Transcripts judged against it (every status). */
  total: number;
  meanScore: number | null;
  /** passed / (passed + failed); null when nothing passed or failed. */
  passRate: number | null;
  passed: number;
  failed: number;
  notApplicable: number;
  errors: number;
  /** Pending or running. */
  waiting: number;
}

/** Per agent criterion, in the order given: mean score, pass rate (score >= 0.5 for scored criteria), n/a, errors. */
export function summariseAgentResults(
  criteria: readonly { id: string; scale: string }[],
  rows: readonly ({ criterionId: string } & VerdictInput)[],
): AgentCriterionSummary[] {
  return criteria.map((criterion) => {
    const own = rows.filter((row) => row.criterionId === criterion.id);
    const scale = criterion.scale === "binary" ? "binary" : "continuous";
    const rate = passRate(own.map((row) => verdictOf(row, scale)));
    return {
      criterionId: criterion.id,
      total: own.length,
      meanScore: meanScore(own.filter((row) => row.status === "done").map((row) => row.score)),
      passRate: rate.rate,
      passed: rate.passed,
      failed: rate.failed,
      notApplicable: rate.notApplicable,
      errors: own.filter((row) => row.status === "error").length,
      waiting: own.filter((row) => row.status === "pending" || row.status === "running").length,
    };
  });
}
