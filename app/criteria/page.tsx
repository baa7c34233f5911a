import type { Metadata } from "next";
import Link from "next/link";
import { CriterionItem } from "@/components/criteria/criterion-item";
import { LibraryPanel } from "@/components/criteria/library-panel";
import { NewCriterionForm } from "@/components/criteria/new-criterion-form";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { listCriteria } from "@/lib/server/criteria/list";
import { getPrisma } from "@/lib/server/db/client";
import { firstValues, type SearchParams } from "@/lib/table-query";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Criteria" };

export default async function CriteriaPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const showArchived = firstValues(await searchParams).archived === "1";
  const criteria = await listCriteria(getPrisma(), { includeArchived: true });
  const shown = showArchived ? criteria : criteria.filter((c) => !c.archived);
  const archivedCount = criteria.length - criteria.filter((c) => !c.archived).length;
  return (
    <>
      <PageHeader title="Criteria" description="What every tool call is judged against." />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <NewCriterionForm />
          {shown.length === 0 ? (
            <EmptyState title="No criteria yet">
              A criterion starts with one of four prefixes: <q>Reward tool calls …</q> or <q>Penalize tool calls …</q> give a score from 0
              to 1; <q>Tool call passes if …</q> or <q>Tool call fails if …</q> give pass or fail. Write one above or add some from the library.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Criteria">
              {shown.map((criterion) => (
                <CriterionItem key={criterion.id} criterion={criterion} />
              ))}
            </ul>
          )}
          {archivedCount > 0 ? (
            <Link href={showArchived ? "/criteria" : "/criteria?archived=1"} className="text-sm text-indigo-700 hover:underline">
              {showArchived ? "Hide archived criteria" : `Show archived criteria (${archivedCount})`}
            </Link>
          ) : null}
        </div>
        <aside className="min-w-0">
          <LibraryPanel existingTexts={criteria.map((c) => c.text)} />
        </aside>
      </div>
    </>
  );
}
