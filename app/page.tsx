import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { StatCard } from "@/components/ui/stat-card";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDateTime, plural } from "@/lib/platform/format";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { getDashboardSummary } from "@/lib/runs/server/dashboard-summary";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  await requirePageUser();
  const { counts, latestRuns, latestUploads } = await getDashboardSummary(getPrisma());
  return (
    <>
      <PageHeader title="Overview" description="What is stored, and what happened last." />
      <section aria-label="Counts" className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
        <StatCard label="Transcripts" value={counts.transcripts} href="/transcripts" />
        <StatCard label="Tool calls" value={counts.toolCalls} href="/transcripts" />
        <StatCard label="Criteria" value={counts.criteria} href="/criteria" />
        <StatCard label="Runs" value={counts.runs} href="/runs" />
        <StatCard label="Evaluations" value={counts.evaluations} href="/runs" />
        <StatCard label="Open reviews" value={counts.openReviews} href="/review" />
      </section>

      {counts.transcripts === 0 ? (
        <div className="mt-8">
          <EmptyState title="No transcripts yet" action={{ href: "/transcripts", label: "Go to transcripts" }}>
            Upload agent transcripts in OpenAI chat format (messages with tool calls, plus the tools offered) to evaluate every
            tool call they contain. To load the demo set again, run <code className="font-mono">npm run db:reset</code>.
          </EmptyState>
        </div>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="latest-runs">
          <h2 id="latest-runs" className="mb-3 text-lg font-semibold">Latest runs</h2>
          {latestRuns.length === 0 ? (
            <EmptyState title="No runs yet" action={{ href: "/runs", label: "Go to runs" }}>
              A run evaluates every tool call of the transcripts you pick against the criteria you pick.
              {counts.criteria === 0 ? " Start by writing a criterion." : " Start one from the runs page."}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {latestRuns.map((run) => (
                <li key={run.id} className="flex items-center justify-between gap-4 p-3 text-sm">
                  <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">{run.name}</Link>
                  <span className="text-slate-600">{run.judgeId} · {run.mode} · {run.doneCount}/{run.total}</span>
                  <StatusBadge status={run.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="latest-uploads">
          <h2 id="latest-uploads" className="mb-3 text-lg font-semibold">Latest uploads</h2>
          {latestUploads.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing uploaded yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {latestUploads.map((upload) => (
                <li key={upload.id} className="flex items-center justify-between gap-4 p-3 text-sm">
                  <Link href={`/transcripts?upload=${upload.id}`} className="text-indigo-700 hover:underline">
                    {formatDateTime(upload.createdAt)} · {upload.source}
                  </Link>
                  <span className="text-slate-600">
                    {plural(upload.importedCount, "transcript")} imported{upload.rejectedCount ? `, ${upload.rejectedCount} rejected` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
