import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formStateOf } from "@/components/monitors/monitor-form-state";
import { MonitorForm } from "@/components/monitors/monitor-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { listCriteria } from "@/lib/criteria/server/list";
import { judgeChoices } from "@/lib/judging/judges/judge-choices";
import { getMonitor } from "@/lib/monitors/server/get-monitor";
import { getPrisma } from "@/lib/platform/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit monitor" };

export default async function EditMonitorPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser("run");
  const { id } = await params;
  const prisma = getPrisma();
  const monitor = await getMonitor(prisma, id);
  if (!monitor) notFound();
  const criteria = await listCriteria(prisma);
  const judges = judgeChoices(process.env);
  // An archived criterion the monitor still judges is listed too, so that saving keeps it.
  const listed = new Set(criteria.map((criterion) => criterion.id));
  const options = [
    ...criteria.map(({ id: criterionId, text, kind, scope, title }) => ({ id: criterionId, text, kind, scope, title })),
    ...monitor.criteria.filter((criterion) => !listed.has(criterion.id)).map((criterion) => ({ ...criterion, kind: "", title: null })),
  ];
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/monitors" className="text-indigo-700 hover:underline">
          Monitors
        </Link>{" "}
        /{" "}
        <Link href={`/monitors/${monitor.id}`} className="text-indigo-700 hover:underline">
          {monitor.name}
        </Link>
      </nav>
      <PageHeader title={`Edit ${monitor.name}`} description="Changes apply to transcripts that arrive from now on; results already judged stay as they were." />
      <MonitorForm criteria={options} judges={judges} initial={formStateOf(monitor, judges.map((judge) => judge.kind))} monitorId={monitor.id} />
    </>
  );
}
