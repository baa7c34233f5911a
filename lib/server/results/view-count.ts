import type { PrismaClient } from "@/lib/generated/prisma/client";
import { viewParams, type RunView } from "@/lib/zod/run-view";
import { runCallCount } from "./run-call-query";
import { remembered, StateCache, type RunState } from "./state-cache";

const countCache = new StateCache<number>(500);

/**
 * The view's count, remembered per run state like the page's aggregates: it reads every call of
 * the view, while the page itself reads only its rows. Review filters are not: reviews move
 * without the run's state.
 */
export function cachedViewCount(prisma: PrismaClient, run: RunState, view: RunView): Promise<number> {
  if (view.review) return runCallCount(prisma, run.id, view);
  const key = `${run.id}?${viewParams(view, ["page", "size", "hide", "group", "sort", "dir"]).toString()}`;
  return remembered(countCache, run, () => runCallCount(prisma, run.id, view), key);
}
