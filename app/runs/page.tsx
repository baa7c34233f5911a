import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { formatDateTime } from "@/lib/format";
import { getPrisma } from "@/lib/server/db/client";
import { getDashboardSummary } from "@/lib/server/summary";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  const { latestRuns } = await getDashboardSummary(getPrisma());
  return (
    <>
      <PageHeader title="Runs" description="Evaluations of tool calls against criteria, by a judge." />
      {latestRuns.length === 0 ? (
        <EmptyState title="No runs yet" action={{ href: "/criteria", label: "See the criteria" }}>
          A run judges every tool call of the transcripts you choose against the criteria you choose, immediately (before the tool
          answered) and in hindsight (after).
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {latestRuns.map((run) => (
            <li key={run.id} className="flex items-center justify-between gap-4 p-3 text-sm">
              <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">{run.name}</Link>
              <span className="text-slate-600">{formatDateTime(run.createdAt)}</span>
              <StatusBadge status={run.status} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
