import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { AgreementTable } from "@/components/runs/results/agreement-table";
import { CompareForm } from "@/components/runs/results/compare-form";
import { CompareTable } from "@/components/runs/results/compare-table";
import type { CompareRunChoice } from "@/lib/runs/results/compare-choice";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { comparePage, compareRunChoices, compareSetup, compareStats, type CompareSeries } from "@/lib/runs/server/results/compare-criteria";
import { compareParamsSchema } from "@/lib/runs/server/results/compare-params";
import type { SearchParams } from "@/lib/platform/table-query";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Compare criteria" };

type Props = { searchParams: Promise<SearchParams> };

function seriesLabel(series: CompareSeries, acrossRuns: boolean): string {
  const criterion = series.criterion.title ?? series.criterion.text;
  if (!acrossRuns) return criterion;
  // The run first: headers are cut short, and the criterion is the same on both sides.
  return `${series.runName}${series.mode ? ` (${series.mode})` : ""} · ${criterion}`;
}

/** The choices, plus a chosen run older than the latest ones, so the form can show it. */
function withChosen(choices: CompareRunChoice[], chosen: { id: string; name: string; mode: string; criteria: CompareRunChoice["criteria"] }[]): CompareRunChoice[] {
  const missing = chosen.filter((run) => !choices.some((choice) => choice.id === run.id));
  return [...choices, ...missing.map((run) => ({ id: run.id, name: run.name, mode: run.mode, criteria: run.criteria }))];
}

export default async function CompareCriteriaPage({ searchParams }: Props) {
  await requirePageUser();
  const params = compareParamsSchema.parse(await searchParams);
  const prisma = getPrisma();
  const [choices, { runs, series }] = await Promise.all([compareRunChoices(prisma), compareSetup(prisma, params)]);
  const acrossRuns = runs.length > 1;
  const ready = series.length >= 2;
  const [page, stats] = ready
    ? await Promise.all([comparePage(prisma, series, params.disagree === "1", (params.page - 1) * params.size, params.size), compareStats(prisma, series)])
    : [null, []];
  const labels = series.map((s) => seriesLabel(s, acrossRuns));
  const modes = [...new Set(series.map((s) => s.mode ?? "each call's own mode"))];

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/runs" className="text-indigo-700 hover:underline">Runs</Link>
        {runs.map((run) => (
          <span key={run.id}>
            <span className="mx-1 text-slate-400">/</span>
            <Link href={`/runs/${run.id}`} className="text-indigo-700 hover:underline">{run.name}</Link>
          </span>
        ))}
      </nav>
      <PageHeader
        title="Compare criteria"
        description="Results of two or more criteria per tool call, in one run, or of the same criterion across two runs or judges."
      />
      <CompareForm
        runs={withChosen(choices, runs)}
        // With nothing chosen yet, the newest run: its criteria are listed at once.
        chosenRuns={runs.length ? runs.map((run) => run.id) : choices.slice(0, 1).map((run) => run.id)}
        chosenCriteria={params.criterion}
        mode={params.mode}
        disagree={params.disagree === "1"}
      />
      {!ready ? (
        <p className="mt-6 text-sm text-slate-700" role="status">
          {runs.length === 0 ? "Choose a run to compare its criteria." : "Choose two or more criteria, or one criterion in two runs, and press Compare."}
        </p>
      ) : (
        <>
          <section aria-labelledby="agreement-heading" className="mt-6">
            <h2 id="agreement-heading" className="mb-1 text-lg font-semibold">Agreement</h2>
            <p className="mb-2 text-sm text-slate-600">
              Results read in {modes.join(" and ")}. Only calls both sides passed or failed count toward agreement; not applicable and unfinished results count toward neither.
            </p>
            <AgreementTable
              rows={stats.map((pair) => ({
                a: labels[pair.a],
                b: labels[pair.b],
                calls: pair.calls,
                agreed: pair.agreement.agreed,
                judged: pair.agreement.total,
                rate: pair.agreement.rate,
                kappa: pair.kappa,
                correlation: pair.correlation,
              }))}
            />
          </section>
          <section aria-labelledby="calls-heading" className="mt-6">
            <h2 id="calls-heading" className="mb-2 text-lg font-semibold">
              {params.disagree === "1" ? "Tool calls where they disagree" : "Tool calls"}
            </h2>
            <CompareTable
              runId={runs[0].id}
              series={series.map((s, index) => ({ label: labels[index], scale: s.criterion.scale }))}
              rows={page?.rows ?? []}
              total={page?.total ?? 0}
              page={params.page}
              size={params.size}
              disagreeOnly={params.disagree === "1"}
            />
          </section>
        </>
      )}
    </>
  );
}
