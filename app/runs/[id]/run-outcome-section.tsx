import { OutcomeVerdictsTable } from "@/components/runs/results/outcome-verdicts-table";
import type { CriterionOutcome } from "@/lib/runs/results/outcome-separation";
import { AGENT_MODE } from "@/lib/runs/results/outcome-separation";

interface Props {
  runId: string;
  criteria: { id: string; label: string; text: string }[];
  outcomes: Promise<CriterionOutcome[]>;
}

/** The run's verdicts against its transcripts' outcome, once computed; nothing when no transcript has an outcome. */
export async function RunOutcomeSection({ runId, criteria, outcomes }: Props) {
  const lines = await outcomes;
  if (lines.length === 0) return null;
  const byId = new Map(criteria.map((c) => [c.id, c]));
  const order = new Map(criteria.map((c, i) => [c.id, i]));
  const rows = [...lines]
    .sort((a, b) => (order.get(a.criterionId) ?? 0) - (order.get(b.criterionId) ?? 0) || a.mode.localeCompare(b.mode))
    .map((line) => {
      const criterion = byId.get(line.criterionId);
      const agent = line.mode === AGENT_MODE;
      const params = new URLSearchParams({ outcome: "failure", criterion: line.criterionId, ...(agent ? {} : { mode: line.mode }), verdict: "fail" });
      return {
        ...line,
        agent,
        criterionLabel: criterion?.label ?? line.criterionId,
        criterionText: criterion?.text ?? "",
        failedHref: `/runs/${runId}?${params.toString()}#${agent ? "agent-results-heading" : "calls-heading"}`,
      };
    });
  return (
    <section aria-labelledby="outcome-heading" className="mt-6">
      <h2 id="outcome-heading" className="text-lg font-semibold">
        Verdicts vs outcome
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        Does a criterion predict failure? Outcomes come from the transcripts&apos; metadata (its success flag, else reward ≥ 0.5). The last column is the
        ROC AUC of each transcript&apos;s lowest call score (an agent-level criterion&apos;s one score per transcript), with its 95% interval: 0.5 is chance, 1
        means every failed transcript scored below every successful one.
      </p>
      <OutcomeVerdictsTable rows={rows} />
    </section>
  );
}
