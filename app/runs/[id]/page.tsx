import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CriterionKindBadge } from "@/components/criterion-kind-badge";
import { PageHeader } from "@/components/page-header";
import { LiveProgress } from "@/components/runs/live-progress";
import { RunActions } from "@/components/runs/run-actions";
import { RunCallsTable } from "@/components/runs/run-calls-table";
import { formatDateTime } from "@/lib/format";
import { getPrisma } from "@/lib/server/db/client";
import { getRun } from "@/lib/server/runs/get-run";
import { getRunProgress } from "@/lib/server/runs/run-progress";
import { criterionSummaries, runCalls } from "@/lib/server/runs/run-results";
import { firstValues, tableQuerySchema, type SearchParams } from "@/lib/table-query";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

const querySchema = tableQuerySchema(["ordinal"], { sort: "ordinal", dir: "asc" });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const run = await getRun(getPrisma(), (await params).id);
  return { title: run?.name ?? "Run" };
}

function percent(value: number | null): string {
  return value === null ? "–" : `${Math.round(value * 100)}%`;
}

export default async function RunPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = querySchema.parse(firstValues(await searchParams));
  const prisma = getPrisma();
  const [run, progress] = await Promise.all([getRun(prisma, id), getRunProgress(prisma, id)]);
  if (!run || !progress) notFound();
  const [summaries, calls] = await Promise.all([criterionSummaries(prisma, id), runCalls(prisma, id, query.page, query.size)]);
  const modes = [...new Set(summaries.map((s) => s.mode))].sort();
  const active = run.status === "pending" || run.status === "running";
  const seconds = run.startedAt ? ((run.finishedAt ?? new Date()).getTime() - run.startedAt.getTime()) / 1000 : null;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/runs" className="text-indigo-700 hover:underline">Runs</Link>
      </nav>
      <PageHeader
        title={run.name}
        description={`${run.judgeId} · mode ${run.mode} · started ${formatDateTime(run.createdAt)}${seconds !== null && !active ? ` · took ${seconds.toFixed(1)} s` : ""}`}
      >
        <RunActions runId={run.id} canCancel={active} failed={progress.counts.error} />
      </PageHeader>
      <LiveProgress key={`${run.status}-${progress.finished}`} runId={run.id} initial={progress} />

      <section aria-labelledby="criteria-summary" className="mt-6">
        <h2 id="criteria-summary" className="mb-2 text-lg font-semibold">Criteria</h2>
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" aria-label="Results per criterion">
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">Criterion</th>
                <th scope="col" className="px-3 py-2">Mode</th>
                <th scope="col" className="px-3 py-2">Judged</th>
                <th scope="col" className="px-3 py-2">Mean score</th>
                <th scope="col" className="px-3 py-2">Pass rate</th>
                <th scope="col" className="px-3 py-2">Not applicable</th>
                <th scope="col" className="px-3 py-2">Errors</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {run.criteria.flatMap((criterion) =>
                summaries
                  .filter((s) => s.criterionId === criterion.id)
                  .map((s) => (
                    <tr key={`${criterion.id}-${s.mode}`}>
                      <td className="px-3 py-2">
                        <span className="mr-2">{criterion.title ?? criterion.text}</span>
                        <CriterionKindBadge kind={criterion.kind} />
                      </td>
                      <td className="px-3 py-2">{s.mode}</td>
                      <td className="px-3 py-2 tabular-nums">{s.judged}</td>
                      <td className="px-3 py-2 tabular-nums">{criterion.scale === "continuous" && s.meanScore !== null ? s.meanScore.toFixed(2) : "–"}</td>
                      <td className="px-3 py-2 tabular-nums">{criterion.scale === "binary" ? percent(s.passRate) : "–"}</td>
                      <td className="px-3 py-2 tabular-nums">{s.notApplicable}</td>
                      <td className="px-3 py-2 tabular-nums">{s.errors}</td>
                    </tr>
                  )),
              )}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="calls-heading" className="mt-6">
        <h2 id="calls-heading" className="mb-2 text-lg font-semibold">Tool calls</h2>
        <RunCallsTable criteria={run.criteria} modes={modes} rows={calls.rows} total={calls.total} page={query.page} size={query.size} />
      </section>
    </>
  );
}
