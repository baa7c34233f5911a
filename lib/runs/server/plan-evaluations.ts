import type { RunMode } from "@/lib/runs/schemas/runs";

export interface PlannedCall {
  id: string;
  callId: string;
  toolName: string;
  responseIndex: number | null;
}

export interface PlannedEvaluation {
  toolCallId: string;
  criterionId: string;
  mode: "immediate" | "hindsight";
  /** Set when the row is settled at creation: hindsight asked for a call that has no response. */
  notApplicable?: string;
}

export function noResponseReason(call: Pick<PlannedCall, "callId" | "toolName">): string {
  return `call ${call.callId} (${call.toolName}) has no tool response, so it can only be judged immediately`;
}

/**
 * The rows a run needs, per call and criterion. "auto" is resolved here, once, so that the
 * stored mode says what was judged; "both" gives two rows. Hindsight on a call without a
 * response is settled now as not applicable, rather than pretending a view exists.
 */
export function planEvaluations(calls: readonly PlannedCall[], criterionIds: readonly string[], mode: RunMode): PlannedEvaluation[] {
  const rows: PlannedEvaluation[] = [];
  for (const call of calls) {
    const hasResponse = call.responseIndex !== null;
    const modes: ("immediate" | "hindsight")[] =
      mode === "both" ? ["immediate", "hindsight"] : mode === "auto" ? [hasResponse ? "hindsight" : "immediate"] : [mode];
    for (const criterionId of criterionIds) {
      for (const viewMode of modes) {
        const row: PlannedEvaluation = { toolCallId: call.id, criterionId, mode: viewMode };
        if (viewMode === "hindsight" && !hasResponse) row.notApplicable = noResponseReason(call);
        rows.push(row);
      }
    }
  }
  return rows;
}
