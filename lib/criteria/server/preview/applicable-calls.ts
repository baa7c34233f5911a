import type { Criterion } from "@/lib/criteria/parse";
import { prepareCall, type PreparedCall, type ViewMemo } from "@/lib/judging/engine/judge-call";
import { judgeCalls } from "@/lib/judging/engine/judge-calls";
import { sharedChecksJudge } from "@/lib/judging/engine/checks-threads";
import { createLimiter, defaultConcurrency } from "@/lib/judging/engine/limiter";
import { modesFor } from "@/lib/judging/engine/modes";
import { describeForChecks } from "@/lib/judging/judges/checks";
import type { RunMode } from "@/lib/runs/schemas/runs";
import type { PreviewCall } from "./load-preview-calls";

/**
 * The criteria the built-in checks can tell applicability for: those it measures at all. For
 * the others its every answer is "not applicable", which says nothing about the call.
 */
export function screenableCriteria(criteria: readonly Criterion[]): Criterion[] {
  return criteria.filter((criterion) => describeForChecks(criterion).measurable);
}

/**
 * The calls at least one criterion applies to in one of the mode's views, as the built-in checks
 * see them: cheap enough (a fraction of a millisecond a call, on the checks' threads) to run on
 * every candidate, and asking no paid judge anything.
 */
export async function applicableCalls(calls: readonly PreviewCall[], criteria: readonly Criterion[], mode: RunMode, views: ViewMemo): Promise<Set<string>> {
  const judge = sharedChecksJudge();
  const owners: string[] = [];
  const prepared: PreparedCall[] = [];
  for (const call of calls) {
    const hasResponse = call.site.responseIndex !== null;
    for (const criterion of criteria) {
      for (const view of modesFor(mode, hasResponse)) {
        owners.push(call.toolCallId);
        prepared.push(prepareCall({ judge, criterion, mode: view, view: views.get(call.toolCallId, view, call.transcript, call.site), hasResponse }));
      }
    }
  }
  const limiter = createLimiter(defaultConcurrency(judge.id));
  const outcomes = await judgeCalls(prepared, { limiterFor: () => limiter });
  return new Set(owners.filter((_, index) => outcomes[index].status === "done"));
}
