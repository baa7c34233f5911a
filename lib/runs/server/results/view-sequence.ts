import type { PrismaClient } from "@/lib/generated/prisma/client";
import { viewParams, type RunView } from "@/lib/runs/schemas/run-view";
import { callMarks, placeByMarks, type CallMarks } from "./call-marks";
import { narrowsCalls } from "./run-call-filters";
import { neighbours, runCallIds, type CallPosition } from "./run-call-query";
import { snapshotOr } from "./run-snapshots";
import { isSettled, remembered, runStateKey, StateCache, type RunState } from "./state-cache";

/*
 * A view's calls in its order, read once per run state, so that the tool-call page's place
 * ("n of N") and previous/next are lookups. A reviewer walks a list call by call (j/k): in SQL
 * each step's place is a walk of every call before it, each probed for a result (the 5,000th of
 * 10,000 calls: 44 ms on PostgreSQL, 13 ms on SQLite), where the whole list costs two such walks
 * once. Only for a settled run without review filters, whose lists cannot move under the
 * sequence (reviews move without the run's state; a judged run's results move with every write).
 */

/** The view's call ids in its order, and each id's place in it. */
export interface ViewSequence {
  ids: readonly string[];
  indexOf: ReadonlyMap<string, number>;
}

// Ten thousand ids take about a megabyte: a few lists, for the runs reviewed at the moment.
const sequences = new StateCache<ViewSequence>(8);
const loading = new Map<string, Promise<ViewSequence>>();

/** The view's filters and order: what decides its list (not the page, its size or the columns). */
function sequenceKey(runId: string, view: RunView): string {
  return `${runId}?${viewParams(view)}`;
}

const cacheable = (run: RunState, view: RunView) => isSettled(run) && !view.review;

/** Reads the view's sequence, or joins a read already under way, and remembers it under the run's state. */
export function loadViewSequence(prisma: PrismaClient, run: RunState, view: RunView): Promise<ViewSequence> | null {
  if (!cacheable(run, view)) return null;
  const key = sequenceKey(run.id, view);
  const state = runStateKey(run);
  const known = sequences.get(key, state);
  if (known) return Promise.resolve(known);
  const flight = `${key}#${state}`;
  let pending = loading.get(flight);
  if (!pending) {
    pending = runCallIds(prisma, run.id, view, 0, Number.MAX_SAFE_INTEGER)
      .then((ids) => {
        const sequence = { ids, indexOf: new Map(ids.map((id, index) => [id, index])) };
        sequences.set(key, state, sequence);
        return sequence;
      })
      .finally(() => loading.delete(flight));
    loading.set(flight, pending);
  }
  return pending;
}

function placeIn(sequence: ViewSequence, toolCallId: string): CallPosition {
  const index = sequence.indexOf.get(toolCallId);
  const total = sequence.ids.length;
  if (index === undefined) return { index: null, total, previous: null, next: null };
  return { index, total, previous: sequence.ids[index - 1] ?? null, next: sequence.ids[index + 1] ?? null };
}

/**
 * A sequence is read behind the page only for lists up to this long: the ids of 140,000 calls took
 * seconds to read, and SQLite, answering one query at a time, held every other page meanwhile
 * (page-queries.ts: the next getRun waited 5.6 s). Longer lists walk by keyset queries and marks.
 */
const MAX_SEQUENCE = 20_000;

const marksCache = new StateCache<CallMarks>(50);

/** The worker's marks for the run (final for a finished run), else marks read here and remembered per run state. */
function runCallMarks(prisma: PrismaClient, run: RunState): Promise<CallMarks> {
  return snapshotOr(prisma, run, "call-marks", () => remembered(marksCache, run, () => callMarks(prisma, run.id)));
}

/** The run's unfiltered list in the transcript order, either way: what marks place a call in. */
const marked = (view: RunView) => view.sort === "transcript" && !narrowsCalls(view) && !view.review;

/**
 * Where the call stands in the view, and its neighbours. From the view's sequence when it is
 * remembered or being read; in the unfiltered list, from the run's marks (call-marks.ts); else by
 * the keyset queries of `neighbours` (with the view's count, `total`), while the sequence of a
 * list short enough is read behind the page for the next call's.
 */
export async function callPlace(prisma: PrismaClient, run: RunState, view: RunView, toolCallId: string, total: () => Promise<number>): Promise<CallPosition> {
  const key = sequenceKey(run.id, view);
  const state = runStateKey(run);
  if (cacheable(run, view)) {
    const known = sequences.get(key, state);
    if (known) return placeIn(known, toolCallId);
    const pending = loading.get(`${key}#${state}`);
    if (pending) return placeIn(await pending, toolCallId);
  }
  if (marked(view)) {
    // SQLite answers one query at a time: in turn, the marks first (a snapshot row).
    const marks = await runCallMarks(prisma, run);
    const ascending = await placeByMarks(prisma, run.id, toolCallId, marks);
    if (ascending !== null) {
      const around = await neighbours(prisma, run.id, view, toolCallId, await total(), false);
      // Marks of a run still judged are the worker's last (taken every 16 times their cost): calls
      // that joined the run before a mark since then are not counted, and the count is the
      // worker's too. Exact once the run is done (final marks). The place is a hint for a person;
      // previous and next, which they walk by, are exact either way.
      const index = Math.min(view.dir === "asc" ? ascending : around.total - 1 - ascending, Math.max(around.total - 1, 0));
      return { ...around, index: around.index === null ? null : Math.max(index, 0), ...(isSettled(run) ? {} : { approximate: true }) };
    }
  }
  const count = await total();
  const place = await neighbours(prisma, run.id, view, toolCallId, count);
  // Not awaited: this page is answered; the next one finds the list. A failed read only leaves the queries.
  if (count <= MAX_SEQUENCE) loadViewSequence(prisma, run, view)?.catch(() => undefined);
  return place;
}
