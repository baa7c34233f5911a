import type { Metadata } from "next";
import Link from "next/link";
import { emptyMonitorForm } from "@/components/monitors/monitor-form-state";
import { MonitorForm } from "@/components/monitors/monitor-form";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { listCriteria } from "@/lib/criteria/server/list";
import { judgeChoices } from "@/lib/judging/judges/judge-choices";
import { getPrisma } from "@/lib/platform/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New monitor" };

export default async function NewMonitorPage() {
  await requirePageUser("run");
  const criteria = await listCriteria(getPrisma());
  const judges = judgeChoices(process.env);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/monitors" className="text-indigo-700 hover:underline">
          Monitors
        </Link>
      </nav>
      <PageHeader title="New monitor" description="Each transcript that arrives from now on and matches the filter is judged against the criteria; a backfill on the monitor's page judges earlier ones." />
      <MonitorForm
        criteria={criteria.map(({ id, text, kind, scope, title }) => ({ id, text, kind, scope, title }))}
        judges={judges}
        initial={emptyMonitorForm(judges.find((judge) => judge.configured)?.kind ?? "checks")}
      />
    </>
  );
}
