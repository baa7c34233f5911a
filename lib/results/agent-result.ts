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
}
