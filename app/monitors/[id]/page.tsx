import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { AlertHistoryTable } from "@/components/monitors/alert-history-table";
import { BackfillForm } from "@/components/monitors/backfill-form";
import { isoToUtcInput } from "@/components/monitors/backfill-time";
import { MonitorActions } from "@/components/monitors/monitor-actions";
import { MonitorState } from "@/components/monitors/monitor-state";
import { TrendChart } from "@/components/monitors/trend-chart";
import { TrendControls } from "@/components/monitors/trend-controls";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/accounts/roles";
import { currentUser, requirePageUser } from "@/lib/accounts/server/guard";
import { SPLITS } from "@/lib/monitors/rollup";
import { describeFilter } from "@/lib/monitors/schemas/filter";
import { alertHistory, getMonitor } from "@/lib/monitors/server/get-monitor";
import { monitorTrends } from "@/lib/monitors/server/trends";
import { GRANULARITIES } from "@/lib/monitors/trends";
import { getPrisma } from "@/lib/platform/db/client";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

const querySchema = z.object({ by: z.enum(GRANULARITIES).catch("hour"), split: z.enum(["", ...SPLITS]).catch("") });

const DAY_MS = 86_400_000;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  if (!(await currentUser())) return { title: "Monitor" };
  const monitor = await getMonitor(getPrisma(), (await params).id);
  return { title: monitor?.name ?? "Monitor" };
}

const windowWords = (window: number | string) => (typeof window === "number" ? `the last ${window} judged result${window === 1 ? "" : "s"}` : `the last ${window}`);

/** A monitor: the verdict first (alerts), then each criterion's trend, the alert history, its run and backfill. */
export default async function MonitorPage({ params, searchParams }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  const query = querySchema.parse({ by: undefined, split: undefined, ...firstValues(await searchParams) });
  const prisma = getPrisma();
  const monitor = await getMonitor(prisma, id);
  if (!monitor) notFound();
  const trends = await monitorTrends(prisma, id, { granularity: query.by, split: query.split });
  if (!trends) notFound();
  const events = await alertHistory(prisma, id);
  const canRun = can(user.role, "run");
  const scaleOf = new Map(monitor.criteria.map((criterion) => [criterion.id, criterion.scale]));

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/monitors" className="text-indigo-700 hover:underline">
          Monitors
        </Link>
      </nav>
      <PageHeader title={monitor.name} description={`${describeFilter(monitor.filter)} · ${monitor.judgeId} · mode ${monitor.mode} · sample ${Math.round(monitor.sample * 100)}%`}>
        {canRun ? <MonitorActions id={monitor.id} name={monitor.name} paused={monitor.paused} /> : null}
      </PageHeader>

      <MonitorState
        paused={monitor.paused}
        rules={monitor.alert.map((rule) => ({
          id: rule.id,
          criterion: rule.criterion.text,
          measure: scaleOf.get(rule.criterion.id) === "binary" ? "pass rate" : "mean score",
          direction: rule.above === undefined ? "below" : "above",
          threshold: rule.above ?? rule.below ?? 0,
          window: windowWords(rule.window),
          state: rule.state,
          value: rule.value,
          measuredAt: rule.measuredAt,
        }))}
      />

      <section aria-labelledby="trends-heading" className="mt-8 space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="trends-heading" className="text-lg font-semibold">
            Trends
          </h2>
          <TrendControls path={`/monitors/${monitor.id}`} granularity={query.by} split={query.split} splits={trends.splits} />
        </div>
        {trends.criteria.map((trend) => (
          <section key={trend.criterionId} aria-label={trend.text} className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="mb-2 break-words text-sm font-semibold">
              {trend.text} <span className="font-normal text-slate-500">· {trend.measure}</span>
            </h3>
            <TrendChart runId={monitor.runId} trend={trend} granularity={query.by} split={query.split} from={trends.from} to={trends.to} changes={trends.changes} />
          </section>
        ))}
      </section>

      <section aria-labelledby="alerts-heading" className="mt-8">
        <h2 id="alerts-heading" className="mb-2 text-lg font-semibold">
          Alert history
        </h2>
        <AlertHistoryTable events={events} />
      </section>

      <section aria-labelledby="run-heading" className="mt-8 space-y-3">
        <h2 id="run-heading" className="text-lg font-semibold">
          Results
        </h2>
        <p className="text-sm text-slate-700">
          <Link href={`/runs/${monitor.runId}`} className="font-medium text-indigo-700 hover:underline">
            Open the monitor&apos;s run
          </Link>{" "}
          ({monitor.run.done.toLocaleString("en-US")} of {monitor.run.total.toLocaleString("en-US")} results judged, {monitor.waiting.toLocaleString("en-US")} arrivals waiting)
          {monitor.review ? (
            <>
              {" · "}
              <Link href={`/review/${monitor.review.queueId}`} className="font-medium text-indigo-700 hover:underline">
                Open its review queue
              </Link>{" "}
              (up to {monitor.review.perDay} failures a day)
            </>
          ) : null}
        </p>
        {canRun ? (
          <div className="rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="mb-1 text-sm font-semibold">Backfill</h3>
            <p className="mb-2 text-sm text-slate-600">Judge the transcripts stored in a period as if they had just arrived (filtered and sampled like new ones).</p>
            <BackfillForm id={monitor.id} defaultFrom={isoToUtcInput(trends.to - DAY_MS)} />
          </div>
        ) : null}
      </section>
    </>
  );
}
