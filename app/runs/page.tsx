import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { criterionLabel } from "@/components/runs/criterion-label";
import { RunsTable } from "@/components/runs/runs-table";
import { can } from "@/lib/accounts/roles";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { listRuns } from "@/lib/runs/server/list-runs";
import { firstValues, tableQuerySchema, type SearchParams } from "@/lib/platform/table-query";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Runs" };

const querySchema = tableQuerySchema(["createdAt"], { sort: "createdAt", dir: "desc" });

export default async function RunsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePageUser();
  const canRun = can(user.role, "run");
  const query = querySchema.parse(firstValues(await searchParams));
  const { rows, total } = await listRuns(getPrisma(), { page: query.page, size: query.size });
  return (
    <>
      <PageHeader title="Runs" description="Evaluations of tool calls against criteria, by a judge.">
        {canRun ? (
          <Link href="/runs/new" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
            New run
          </Link>
        ) : null}
      </PageHeader>
      {total === 0 ? (
        <EmptyState title="No runs yet" action={canRun ? { href: "/runs/new", label: "Start a run" } : undefined}>
          A run judges every tool call of the transcripts you choose against the criteria you choose, immediately (before the tool
          answered) and in hindsight (after).
        </EmptyState>
      ) : (
        <RunsTable
          rows={rows.map(({ startedAt, finishedAt, criteria, ...r }) => ({
            ...r,
            createdAt: r.createdAt.toISOString(),
            // Judging time: a run may wait in the queue behind others before it starts.
            seconds: startedAt && finishedAt ? (finishedAt.getTime() - startedAt.getTime()) / 1000 : null,
            criteria: criteria.map(({ id, text, title, means }) => ({ id, text, means, label: criterionLabel({ title, text }) })),
          }))}
          total={total}
          page={query.page}
          size={query.size}
        />
      )}
    </>
  );
}
