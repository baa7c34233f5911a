import type { Metadata } from "next";
import Link from "next/link";
import { CriterionAgreement } from "@/components/criteria/criterion-agreement";
import { CriterionItem } from "@/components/criteria/criterion-item";
import { LibraryPanel } from "@/components/criteria/library-panel";
import { NewCriterionForm } from "@/components/criteria/new-criterion-form";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/accounts/roles";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { listCriteria } from "@/lib/criteria/server/list";
import { getPrisma } from "@/lib/platform/db/client";
import { criteriaHumanAgreement } from "@/lib/review/server/human-agreement";
import type { JudgeAgreementRow } from "@/lib/review/server/human-agreement";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import { parseScopedCriterion } from "@/lib/criteria/scope";
import { describeAgentChecksPlan } from "@/lib/judging/judges/agent/catalogue";
import { CHECK_INFOS, describeForChecks, type ChecksPlanDescription } from "@/lib/judging/judges/checks";
import { judgeChoices } from "@/lib/judging/judges/judge-choices";

/** What the built-in judge will measure for a criterion, computed here so the judge stays on the server. */
function checksPlan(text: string): ChecksPlanDescription | null {
  const parsed = parseScopedCriterion(text);
  if (!parsed.ok) return null;
  return parsed.scope === "agent" ? describeAgentChecksPlan(parsed.criterion.condition) : describeForChecks(parsed.criterion);
}

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Criteria" };

/** A criterion's agreement across runs, by judge; nothing until someone has reviewed one of its results. */
function agreementView(rows: JudgeAgreementRow[] | undefined, label: string) {
  if (!rows?.length) return null;
  return <CriterionAgreement rows={rows.map(({ criterionText: _text, criterionTitle: _title, ...row }) => ({ ...row, criterionLabel: label }))} criterionLabel={label} />;
}

export default async function CriteriaPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const user = await requirePageUser();
  // Viewers see the criteria without the controls the server would refuse them.
  const canEdit = can(user.role, "edit-criteria");
  const showArchived = firstValues(await searchParams).archived === "1";
  const prisma = getPrisma();
  const [criteria, agreement] = await Promise.all([listCriteria(prisma, { includeArchived: true }), criteriaHumanAgreement(prisma)]);
  const agreementOf = new Map<string, JudgeAgreementRow[]>();
  for (const row of agreement) agreementOf.set(row.criterionId, [...(agreementOf.get(row.criterionId) ?? []), row]);
  const shown = showArchived ? criteria : criteria.filter((c) => !c.archived);
  const archivedCount = criteria.length - criteria.filter((c) => !c.archived).length;
  // What a criterion being written or reworded will be measured by: only what the forms show, never a key.
  const measurement = canEdit ? { judges: judgeChoices(process.env), catalogue: CHECK_INFOS } : undefined;
  return (
    <>
      <PageHeader title="Criteria" description="What every tool call, or the agent over a whole transcript, is judged against." />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          {measurement ? <NewCriterionForm judges={measurement.judges} catalogue={measurement.catalogue} /> : null}
          {shown.length === 0 ? (
            <EmptyState title="No criteria yet">
              A criterion starts with one of four prefixes: <q>Reward tool calls …</q> or <q>Penalize tool calls …</q> give a score from 0
              to 1; <q>Tool call passes if …</q> or <q>Tool call fails if …</q> give pass or fail. For the agent over a whole transcript, start with <q>Reward agents …</q>, <q>Penalize agents …</q>, <q>Agent passes if …</q> or <q>Agent fails if …</q>. {canEdit ? "Write one above or add some from the library." : "A reviewer or an admin can add some."}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Criteria">
              {shown.map((criterion) => (
                <CriterionItem
                  key={criterion.id}
                  criterion={criterion}
                  canEdit={canEdit}
                  agreement={agreementView(agreementOf.get(criterion.id), criterion.title ?? criterion.text)}
                  checksPlan={checksPlan(criterion.text)}
                  measurement={measurement}
                />
              ))}
            </ul>
          )}
          {archivedCount > 0 ? (
            <Link href={showArchived ? "/criteria" : "/criteria?archived=1"} className="text-sm text-indigo-700 hover:underline">
              {showArchived ? "Hide archived criteria" : `Show archived criteria (${archivedCount})`}
            </Link>
          ) : null}
        </div>
        {canEdit ? (
          <aside className="min-w-0">
            <LibraryPanel existingTexts={criteria.map((c) => c.text)} />
          </aside>
        ) : null}
      </div>
    </>
  );
}
