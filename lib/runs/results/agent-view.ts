import type { RunView } from "@/lib/runs/schemas/run-view";

/**
 * Which of the run page's filters apply to its agent-level results (one per transcript × agent
 * criterion). They have a transcript, a criterion, a verdict and score, and can be reviewed, so
 * the transcript metadata filters, the verdict, score and review-status filters and the criterion
 * filter apply. They have no tool, no mode and no immediate-versus-hindsight change, and the
 * search reads calls' arguments: those filters are for tool calls only.
 */
export const AGENT_FILTER_LABELS = {
  criterion: "criterion",
  verdict: "verdict",
  score: "score",
  review: "review status",
  model: "model",
  task: "task",
  tag: "tag",
  outcome: "outcome",
} as const;

/** The filters that concern tool calls only, with their names for the page. */
export const CALL_ONLY_FILTER_LABELS = { tool: "tool", mode: "mode", changed: "changed between modes", q: "search" } as const;

type AgentFilter = keyof typeof AGENT_FILTER_LABELS;
type CallOnlyFilter = keyof typeof CALL_ONLY_FILTER_LABELS;

/** The agent-level part of a run view. */
export interface AgentView {
  /**
   * The view's criterion when it is one of the run's agent criteria. A call-level criterion
   * matches no agent-level result: `excluded` says so, and the section lists nothing.
   */
  criterionId?: string;
  excluded: boolean;
  verdict?: RunView["verdict"];
  min?: number;
  max?: number;
  review?: RunView["review"];
  metadata: Pick<RunView, "model" | "task" | "tag" | "outcome">;
  /** The view's filters that narrow these results, in AGENT_FILTER_LABELS order. */
  applied: AgentFilter[];
  /** The view's filters set but left out here (tool-call only). */
  ignored: CallOnlyFilter[];
}

/** What the view asks of the run's agent-level results, given which criteria are agent-level. */
export function agentView(view: RunView, agentCriterionIds: readonly string[]): AgentView {
  const agentCriterion = view.criterion !== undefined && agentCriterionIds.includes(view.criterion);
  const set: Record<AgentFilter, boolean> = {
    criterion: view.criterion !== undefined,
    verdict: view.verdict !== undefined,
    score: view.min !== undefined || view.max !== undefined,
    review: view.review !== undefined,
    model: view.model !== undefined,
    task: view.task !== undefined,
    tag: view.tag !== undefined,
    outcome: view.outcome !== undefined,
  };
  const callOnly: Record<CallOnlyFilter, boolean> = { tool: view.tool !== undefined, mode: view.mode !== undefined, changed: view.changed !== undefined, q: view.q !== undefined };
  return {
    criterionId: agentCriterion ? view.criterion : undefined,
    excluded: view.criterion !== undefined && !agentCriterion,
    verdict: view.verdict,
    min: view.min,
    max: view.max,
    review: view.review,
    metadata: { model: view.model, task: view.task, tag: view.tag, outcome: view.outcome },
    applied: (Object.keys(AGENT_FILTER_LABELS) as AgentFilter[]).filter((key) => set[key]),
    ignored: (Object.keys(CALL_ONLY_FILTER_LABELS) as CallOnlyFilter[]).filter((key) => callOnly[key]),
  };
}
