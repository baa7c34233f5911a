import type { Metadata } from "next";
import { CriterionKindBadge } from "@/components/criterion-kind-badge";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { listCriteria } from "@/lib/server/criteria/list";
import { getPrisma } from "@/lib/server/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Criteria" };

export default async function CriteriaPage() {
  const criteria = await listCriteria(getPrisma());
  return (
    <>
      <PageHeader title="Criteria" description="What every tool call is judged against." />
      {criteria.length === 0 ? (
        <EmptyState title="No criteria yet">
          A criterion starts with one of four prefixes: <q>Reward tool calls …</q> or <q>Penalize tool calls …</q> give a score from 0
          to 1; <q>Tool call passes if …</q> or <q>Tool call fails if …</q> give pass or fail.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Criteria">
          {criteria.map((criterion) => (
            <li key={criterion.id} className="flex items-start justify-between gap-4 p-4">
              <div>
                <p className="font-medium">{criterion.text}</p>
                <p className="mt-1 text-xs text-slate-600">Used by {criterion._count.runs === 1 ? "1 run" : `${criterion._count.runs} runs`}</p>
              </div>
              <CriterionKindBadge kind={criterion.kind} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
