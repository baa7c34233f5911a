import type { PrismaClient } from "@/lib/generated/prisma/client";
import { viewParams, type RunView } from "@/lib/runs/schemas/run-view";
import { narrowsCalls } from "./run-call-filters";
import { runCallCount } from "./run-call-query";
import { snapshotOr } from "./run-snapshots";
import { remembered, StateCache, type RunState } from "./state-cache";

const countCache = new StateCache<number>(500);

/**
 * The view's count, remembered per run state like the page's aggregates: it reads every call of
 * the view, while the page itself reads only its rows. Review filters are not: reviews move
 * without the run's state. A running run's unfiltered count is the worker's snapshot.
 */
export function cachedViewCount(prisma: PrismaClient, run: RunState, view: RunView): Promise<number> {
  if (view.review) return runCallCount(prisma, run.id, view);
  // A criterion or mode alone narrows nothing (a score sort names one): the run's own count.
  const filter = narrowsCalls(view) ? viewParams(view, ["page", "size", "hide", "group", "sort", "dir"]).toString() : "";
  const query = () => remembered(countCache, run, () => runCallCount(prisma, run.id, view), `${run.id}?${filter}`);
  // The unfiltered list's count is one of a running run's snapshots; a filter's is queried.
  return filter ? query() : snapshotOr(prisma, run, "call-count", query);
}
