import type { QueueSelection } from "@/lib/review/build-queue";

/** The target columns of an item: its call and call result, or its agent-level result. */
export function itemTarget(item: QueueSelection): { toolCallId: string | null; evaluationId: string | null; transcriptEvaluationId: string | null } {
  return "transcriptEvaluationId" in item
    ? { toolCallId: null, evaluationId: null, transcriptEvaluationId: item.transcriptEvaluationId }
    : { toolCallId: item.toolCallId, evaluationId: item.evaluationId, transcriptEvaluationId: null };
}
