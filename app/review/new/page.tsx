import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { BuildQueueForm } from "@/components/review/build-queue-form";
import { buildReviewQueueAction } from "@/lib/review/actions/build-queue";
import { DEFAULT_QUEUE_FILTER } from "@/lib/review/queue-filter";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { runToolNames } from "@/lib/runs/server/results/run-tools";
import { getRun } from "@/lib/runs/server/get-run";
import { listRuns } from "@/lib/runs/server/list-runs";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Build a review queue" };

// Enough for any team's recent runs; an older one is reached with ?runId= from its run page.
const RUNS_OFFERED = 200;

export default async function BuildQueuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requirePageUser("build-queue");
  const runId = firstValues(await searchParams).runId?.trim().slice(0, 100) || undefined;
  const prisma = getPrisma();
  const [runs, run, tools] = await Promise.all([
    listRuns(prisma, { size: RUNS_OFFERED }),
    runId ? getRun(prisma, runId) : null,
    runId ? runToolNames(prisma, runId) : [],
  ]);
  const options = runs.rows.map(({ id, name, mode, status }) => ({ id, name, mode, status }));
  if (run && !options.some((option) => option.id === run.id)) options.unshift({ id: run.id, name: run.name, mode: run.mode, status: run.status });

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/review" className="text-indigo-700 hover:underline">Review</Link>
      </nav>
      <PageHeader title="Build a review queue" description="Queue a finished run's failed, low-scoring and flipped results for people to confirm or dispute. A result is queued once, whichever queue takes it first." />
      {runId && !run ? (
        <p role="alert" className="mb-4 rounded-md bg-rose-50 p-3 text-sm text-rose-800">
          There is no run with id {runId}. Choose one below.
        </p>
      ) : null}
      <BuildQueueForm
        runs={options}
        run={
          run
            ? {
                id: run.id,
                name: run.name,
                bothModes: run.mode === "both",
                criteria: run.criteria.map((criterion) => ({ id: criterion.id, label: criterion.title ?? criterion.text })),
                agentCriteria: run.agentCriteria.map((criterion) => ({ id: criterion.id, label: criterion.title ?? criterion.text })),
                tools,
              }
            : null
        }
        defaultScoreBelow={DEFAULT_QUEUE_FILTER.scoreBelow}
        build={buildReviewQueueAction}
      />
    </>
  );
}
