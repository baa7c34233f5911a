import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { NewRunForm } from "@/components/runs/new-run-form";
import { formatDateTime } from "@/lib/platform/format";
import { CHECK_INFOS } from "@/lib/judging/judges/checks";
import { judgeChoices } from "@/lib/judging/judges/judge-choices";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { listCriteria } from "@/lib/criteria/server/list";
import { getPrisma } from "@/lib/platform/db/client";
import { listToolNames } from "@/lib/transcripts/server/list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New run" };

export default async function NewRunPage() {
  await requirePageUser("run");
  const prisma = getPrisma();
  const [criteria, uploads, toolNames] = await Promise.all([
    listCriteria(prisma),
    prisma.upload.findMany({ where: { status: "done", importedCount: { gt: 0 } }, orderBy: { createdAt: "desc" }, take: 50, select: { id: true, source: true, fileNames: true, importedCount: true, createdAt: true } }),
    listToolNames(prisma),
  ]);
  const judges = judgeChoices(process.env);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/runs" className="text-indigo-700 hover:underline">Runs</Link>
      </nav>
      <PageHeader title="New run" description="Every tool call of the chosen transcripts is judged against every chosen tool-call criterion, and every transcript against every chosen agent criterion." />
      {criteria.length === 0 ? (
        <EmptyState title="No criteria yet" action={{ href: "/criteria", label: "Write a criterion" }}>
          A run needs at least one criterion.
        </EmptyState>
      ) : (
        <NewRunForm
          criteria={criteria.map(({ id, text, kind, scope, title }) => ({ id, text, kind, scope, title }))}
          uploads={uploads.map((u) => ({
            id: u.id,
            label: `${formatDateTime(u.createdAt)} · ${u.source} · ${Array.isArray(u.fileNames) ? u.fileNames.join(", ") : ""} (${u.importedCount})`,
          }))}
          judges={judges}
          catalogue={CHECK_INFOS}
          toolNames={toolNames}
        />
      )}
    </>
  );
}
