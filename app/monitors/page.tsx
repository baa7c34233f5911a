import type { Metadata } from "next";
import Link from "next/link";
import { criterionLabel } from "@/components/runs/criterion-label";
import { MonitorsTable } from "@/components/monitors/monitors-table";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/accounts/roles";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { describeFilter } from "@/lib/monitors/schemas/filter";
import { listMonitors } from "@/lib/monitors/server/get-monitor";
import { monitorSparklines } from "@/lib/monitors/server/trends";
import { getPrisma } from "@/lib/platform/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Monitors" };

export default async function MonitorsPage() {
  const user = await requirePageUser();
  const canRun = can(user.role, "run");
  const prisma = getPrisma();
  const monitors = await listMonitors(prisma);
  const sparklines = await monitorSparklines(prisma, monitors);
  return (
    <>
      <PageHeader title="Monitors" description="Criteria judged on new transcripts as they arrive, with trends and alerts.">
        {canRun ? (
          <Link href="/monitors/new" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500">
            New monitor
          </Link>
        ) : null}
      </PageHeader>
      {monitors.length === 0 ? (
        <EmptyState title="No monitors yet" action={canRun ? { href: "/monitors/new", label: "Create a monitor" } : undefined}>
          A monitor judges each new transcript that matches its filter (traces, uploads, the API) against its criteria, draws their pass rate hour by hour, and posts to a
          webhook when it crosses a threshold.
        </EmptyState>
      ) : (
        <MonitorsTable
          rows={monitors.map((monitor) => {
            const first = monitor.criteria[0];
            return {
              id: monitor.id,
              name: monitor.name,
              filter: describeFilter(monitor.filter),
              criteria: monitor.criteria.length,
              firstCriterion: first ? { label: criterionLabel({ title: null, text: first.text }, 60), measure: first.scale === "binary" ? "pass rate" : "mean score" } : null,
              judgeId: monitor.judgeId,
              mode: monitor.mode,
              sample: monitor.sample,
              paused: monitor.paused,
              rules: monitor.alert.length,
              firing: monitor.alert.filter((rule) => rule.state === "firing").length,
              run: monitor.run,
              waiting: monitor.waiting,
              sparkline: sparklines.get(monitor.id) ?? [],
            };
          })}
        />
      )}
    </>
  );
}
