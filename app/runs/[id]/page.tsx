import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { criterionLabel } from "@/components/runs/criterion-label";
import { LiveProgress } from "@/components/runs/live-progress";
import { RunActions } from "@/components/runs/run-actions";
import { RunCallsTable } from "@/components/runs/run-calls-table";
import { RunLinks } from "@/components/runs/run-links";
import { RunSummary } from "@/components/runs/run-summary";
import { RunViewFilters } from "@/components/runs/run-view-filters";
import { formatDateTime } from "@/lib/format";
import { getPrisma } from "@/lib/server/db/client";
import { runCallPage } from "@/lib/server/results/run-call-page";
import { runToolNames } from "@/lib/server/results/run-tools";
import { getRun } from "@/lib/server/runs/get-run";
import { runResultsSummary } from "@/lib/server/runs/run-results";
import { getRunProgress } from "@/lib/server/runs/run-progress";
import { firstValues, type SearchParams } from "@/lib/table-query";
import { runViewSchema, viewParams } from "@/lib/zod/run-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const run = await getRun(getPrisma(), (await params).id);
  return { title: run?.name ?? "Run" };
}

const MODE_ORDER = ["immediate", "hindsight"];

export default async function RunPage({ params, searchParams }: Props) {
  const { id } = await params;
  const view = runViewSchema.parse(firstValues(await searchParams));
  const prisma = getPrisma();
  const [run, progress] = await Promise.all([getRun(prisma, id), getRunProgress(prisma, id)]);
  if (!run || !progress) notFound();
  const [summary, calls, tools] = await Promise.all([runResultsSummary(prisma, run), runCallPage(prisma, id, view), runToolNames(prisma, id)]);

  const modes = MODE_ORDER.filter((mode) => summary.stats.some((s) => s.mode === mode));
  const criteria = run.criteria.map((criterion) => ({ ...criterion, label: criterionLabel(criterion), columnId: `c${criterion.position}` }));
  const active = run.status === "pending" || run.status === "running";
  const seconds = run.startedAt ? ((run.finishedAt ?? new Date()).getTime() - run.startedAt.getTime()) / 1000 : null;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/runs" className="text-indigo-700 hover:underline">
          Runs
        </Link>
      </nav>
      <PageHeader
        title={run.name}
        description={`${run.judgeId} · mode ${run.mode} · started ${formatDateTime(run.createdAt)}${seconds !== null && !active ? ` · took ${seconds.toFixed(1)} s` : ""}`}
      >
        <RunActions runId={run.id} canCancel={active} failed={progress.counts.error} />
      </PageHeader>
      <LiveProgress key={`${run.status}-${progress.finished}`} runId={run.id} initial={progress} />

      <RunSummary runId={run.id} criteria={criteria} modes={modes} stats={summary.stats} flips={summary.flips} />
      <RunLinks runId={run.id} query={viewParams(view).toString()} />

      <section aria-labelledby="calls-heading" className="mt-6">
        <h2 id="calls-heading" className="mb-2 text-lg font-semibold">
          Tool calls
        </h2>
        <RunViewFilters view={view} criteria={criteria} tools={tools} bothModes={run.mode === "both"} />
        <RunCallsTable runId={run.id} criteria={criteria} modes={modes} rows={calls.rows} total={calls.total} page={calls.page} view={view} />
      </section>
    </>
  );
}
