import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ViewMode } from "@/lib/judging/judges/types";
import { errorGroupsOf, getRunProgress, RUN_PAGE_ERROR_GROUPS, type RunProgress } from "@/lib/runs/server/run-progress";
import { resultModes } from "./charts";
import type { CriterionOutcome } from "@/lib/runs/results/outcome-separation";
import { runOutcomeVerdicts } from "./outcome-verdicts";
import { runGroupsFromStored, storedRunGroups, type RunGroup, type StoredRunGroups } from "@/lib/runs/results/run-groups";
import { groupsKind } from "@/lib/runs/results/run-snapshot";
import type { RunGroupField } from "@/lib/runs/schemas/run-view";
import { runResultGroups } from "./run-groups";
import { runMetadataValues, type RunMetadataValues } from "./run-metadata";
import { runToolNames } from "./run-tools";
import { snapshotOr, usableSnapshot } from "./run-snapshots";
import { remembered, StateCache, type RunState } from "./state-cache";

/*
 * What the run page shows besides its table, remembered per run until the run's state changes
 * (see state-cache.ts): a finished run of 50,000 results is grouped by status and by tool once,
 * not on every view of the page. A run's aggregates are the worker's snapshots (run-snapshots.ts),
 * a finished run's final ones; they are queried here only when it has none to give (a run that
 * finished before the worker kept that kind, or whose transcripts' metadata was rewritten since).
 */

const progressCache = new StateCache<RunProgress | null>();
const toolsCache = new StateCache<{ toolName: string; calls: number }[]>();

/** getRunProgress for a run read just before; null when the run is gone. */
export function cachedRunProgress(prisma: PrismaClient, run: RunState): Promise<RunProgress | null> {
  const errors = () => snapshotOr(prisma, run, "errors", () => errorGroupsOf(prisma, run.id, RUN_PAGE_ERROR_GROUPS));
  return remembered(progressCache, run, () => getRunProgress(prisma, run.id, RUN_PAGE_ERROR_GROUPS, errors));
}

/** runToolNames for a run read just before. */
export function cachedRunToolNames(prisma: PrismaClient, run: RunState): Promise<{ toolName: string; calls: number }[]> {
  return snapshotOr(prisma, run, "tools", () => remembered(toolsCache, run, () => runToolNames(prisma, run.id)));
}

const modesCache = new StateCache<ViewMode[]>();

/**
 * The modes the run has results in, immediate first, for the table's badges. A run of one mode,
 * or of both, says so itself; only an "auto" run, which judges each call in the mode its response
 * allows, needs its results asked.
 */
export function runModes(prisma: PrismaClient, run: RunState & { mode: string }): Promise<ViewMode[]> {
  if (run.mode === "both") return Promise.resolve(["immediate", "hindsight"]);
  if (run.mode === "immediate" || run.mode === "hindsight") return Promise.resolve([run.mode]);
  return snapshotOr(prisma, run, "modes", () => remembered(modesCache, run, () => resultModes(prisma, run.id)));
}

const metadataCache = new StateCache<RunMetadataValues>();

/** runMetadataValues for a run read just before. */
export function cachedRunMetadataValues(prisma: PrismaClient, run: RunState): Promise<RunMetadataValues> {
  return snapshotOr(prisma, run, "metadata", () => remembered(metadataCache, run, () => runMetadataValues(prisma, run.id)));
}

const outcomeCache = new StateCache<CriterionOutcome[]>();

/** runOutcomeVerdicts for a run read just before. */
export function cachedRunOutcomeVerdicts(prisma: PrismaClient, run: RunState): Promise<CriterionOutcome[]> {
  return snapshotOr(prisma, run, "outcomes", () => remembered(outcomeCache, run, () => runOutcomeVerdicts(prisma, run.id)));
}

const groupsCache = new StateCache<StoredRunGroups>();

/**
 * The run's results grouped by `field` when the worker's snapshot has them, else null: then they
 * take a query (queriedRunResultGroups), and the page streams them in after the table rather than
 * hold it up.
 */
export async function snapshotRunResultGroups(prisma: PrismaClient, run: RunState, field: RunGroupField): Promise<{ groups: RunGroup[]; more: number } | null> {
  const stored = await usableSnapshot(prisma, run, groupsKind(field));
  return stored ? runGroupsFromStored(stored) : null;
}

/** runResultGroups for a run read just before, remembered per field: for a run whose snapshot of them is not usable (snapshotRunResultGroups). */
export async function queriedRunResultGroups(prisma: PrismaClient, run: RunState, field: RunGroupField): Promise<{ groups: RunGroup[]; more: number }> {
  const query = async () => storedRunGroups(await runResultGroups(prisma, run.id, field));
  return runGroupsFromStored(await remembered(groupsCache, run, query, `${run.id}\u0000${field}`));
}
