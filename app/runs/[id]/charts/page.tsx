import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { CriterionKindBadge } from "@/components/criteria/criterion-kind-badge";
import { PageHeader } from "@/components/ui/page-header";
import { cellKey, FlipMatrixTable, type FlipMatrixLinks } from "@/components/runs/results/flip-matrix-table";
import { PassRateByToolChart } from "@/components/runs/results/pass-rate-by-tool-chart";
import { ScoreHistogramChart } from "@/components/runs/results/score-histogram-chart";
import { VerdictBarChart } from "@/components/runs/results/verdict-bar-chart";
import type { Verdict } from "@/lib/runs/results/verdict";
import { currentUser, requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { flipMatrices, passRateByTool, resultModes, scoreDistributions } from "@/lib/runs/server/results/charts";
import { getRun } from "@/lib/runs/server/get-run";
import { usableSnapshot } from "@/lib/runs/server/results/run-snapshots";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import { runViewSchema, viewParams } from "@/lib/runs/schemas/run-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

const chartsQuerySchema = z.object({
  mode: z.enum(["immediate", "hindsight"]).optional().catch(undefined),
  criterion: z.string().trim().min(1).max(100).optional().catch(undefined),
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // A title names what is stored: only for someone signed in (the page itself redirects the rest).
  if (!(await currentUser())) return { title: "Charts" };
  const run = await getRun(getPrisma(), (await params).id);
  return { title: run ? `Charts · ${run.name}` : "Charts" };
}

const VERDICT_FILTER: Record<Verdict, "pass" | "fail" | "na"> = { pass: "pass", fail: "fail", "n/a": "na" };

/** A view of the run page, written as that page reads it (lib/runs/schemas/run-view). */
function runPageHref(runId: string, filters: Record<string, string>): string {
  const params = viewParams(runViewSchema.parse(filters));
  return `/runs/${runId}${params.size ? `?${params}` : ""}`;
}

/**
 * Links from the flip matrix to the run page. The run page filters on one mode's verdict and on
 * "changed" (a flip), so the two flip cells and the row and column totals have exact views; the
 * other cells (pass kept pass, say) would need both verdicts at once and stay plain numbers.
 */
function flipLinks(runId: string, criterion: string): FlipMatrixLinks {
  const byVerdict = (mode: "immediate" | "hindsight") =>
    Object.fromEntries((Object.keys(VERDICT_FILTER) as Verdict[]).map((verdict) => [verdict, runPageHref(runId, { criterion, mode, verdict: VERDICT_FILTER[verdict] })])) as Record<Verdict, string>;
  return {
    cells: {
      [cellKey("pass", "fail")]: runPageHref(runId, { criterion, changed: "1", mode: "immediate", verdict: "pass" }),
      [cellKey("fail", "pass")]: runPageHref(runId, { criterion, changed: "1", mode: "immediate", verdict: "fail" }),
    },
    rows: byVerdict("immediate"),
    columns: byVerdict("hindsight"),
    flips: runPageHref(runId, { criterion, changed: "1" }),
  };
}

export default async function RunChartsPage({ params, searchParams }: Props) {
  await requirePageUser();
  const { id } = await params;
  const query = chartsQuerySchema.parse(firstValues(await searchParams));
  const prisma = getPrisma();
  const run = await getRun(prisma, id);
  if (!run) notFound();
  // The worker's snapshot when it has one (every aggregate reads all of the run's results: seconds at a million); else the queries.
  const charts = await usableSnapshot(prisma, run, "charts");
  const modes = charts ? charts.modes.map((entry) => entry.mode) : await resultModes(prisma, id);
  const mode = query.mode && modes.includes(query.mode) ? query.mode : modes.includes("hindsight") ? "hindsight" : "immediate";
  const scope = run.criteria.find((criterion) => criterion.id === query.criterion);
  const kept = charts?.modes.find((entry) => entry.mode === mode);
  const [distributions, byTool, matrices] = charts
    ? [kept?.distributions ?? [], kept?.byTool.find((entry) => entry.criterionId === (scope?.id ?? null))?.tools ?? [], run.mode === "both" ? charts.matrices : []]
    : await Promise.all([
        scoreDistributions(prisma, id, mode),
        passRateByTool(prisma, id, mode, scope?.id),
        run.mode === "both" ? flipMatrices(prisma, id) : Promise.resolve([]),
      ]);
  const name = (criterion: { title: string | null; text: string }) => criterion.title ?? criterion.text;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/runs" className="text-indigo-700 hover:underline">Runs</Link>
        <span className="mx-1 text-slate-400">/</span>
        <Link href={`/runs/${id}`} className="text-indigo-700 hover:underline">{run.name}</Link>
      </nav>
      <PageHeader title={`Charts · ${run.name}`} description={`${run.judgeId} · mode ${run.mode} · ${run.status}`}>
        <Link href={`/runs/compare?run=${id}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-indigo-400">Compare criteria</Link>
        <a href={`/api/runs/${id}/export?format=csv`} download className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-indigo-400">Download CSV</a>
        <a href={`/api/runs/${id}/export?format=summary`} download className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-indigo-400">Summary (JSON)</a>
      </PageHeader>

      <form method="get" aria-label="Chart options" className="mb-6 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-3 text-sm">
        {modes.length > 1 ? (
          <label className="flex flex-col gap-1 font-medium">
            Mode
            <select name="mode" defaultValue={mode} className="rounded border border-slate-300 bg-white px-2 py-1">
              {modes.map((m) => (
                <option key={m} value={m}>{m}</option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="flex flex-col gap-1 font-medium">
          Pass rate by tool for
          <select name="criterion" defaultValue={scope?.id ?? ""} className="max-w-md rounded border border-slate-300 bg-white px-2 py-1">
            <option value="">All criteria</option>
            {run.criteria.map((criterion) => (
              <option key={criterion.id} value={criterion.id}>{name(criterion)}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md bg-indigo-600 px-4 py-1.5 font-medium text-white hover:bg-indigo-500">Show</button>
      </form>

      <section aria-labelledby="distribution-heading">
        <h2 id="distribution-heading" className="mb-3 text-lg font-semibold">Score distribution per criterion ({mode})</h2>
        <div className="grid gap-4 md:grid-cols-2">
          {run.criteria.map((criterion) => {
            const distribution = distributions.find((d) => d.criterionId === criterion.id);
            return (
              <article key={criterion.id} aria-label={name(criterion)} className="rounded-lg border border-slate-200 bg-white p-3">
                <header className="mb-2 flex items-start gap-2">
                  <h3 className="min-w-0 flex-1 text-sm font-medium">{name(criterion)}</h3>
                  <CriterionKindBadge kind={criterion.kind} />
                </header>
                {!distribution ? (
                  <p className="text-sm italic text-slate-500">No {mode} results.</p>
                ) : criterion.scale === "binary" ? (
                  <VerdictBarChart label={`Verdicts of ${name(criterion)} (${mode})`} counts={distribution.verdicts} />
                ) : (
                  <ScoreHistogramChart label={`Score distribution of ${name(criterion)} (${mode})`} histogram={distribution.histogram} />
                )}
              </article>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="by-tool-heading" className="mt-8">
        <h2 id="by-tool-heading" className="mb-1 text-lg font-semibold">Pass rate by tool ({mode})</h2>
        <p className="mb-3 text-sm text-slate-600">
          {scope ? name(scope) : "All criteria together"}: passed of passed and failed results; not applicable results are counted apart.
        </p>
        {byTool.length ? (
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <PassRateByToolChart label={`Pass rate by tool, ${scope ? name(scope) : "all criteria"} (${mode})`} rows={byTool} />
          </div>
        ) : (
          <p className="text-sm italic text-slate-500">No results yet.</p>
        )}
      </section>

      {run.mode === "both" ? (
        <section aria-labelledby="flips-heading" className="mt-8">
          <h2 id="flips-heading" className="mb-1 text-lg font-semibold">Immediate versus hindsight</h2>
          <p className="mb-3 text-sm text-slate-600">
            How each criterion&apos;s verdict moved once the judge saw the tool response. Flip counts and the verdict headings open the matching calls on the run page.
          </p>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {run.criteria.map((criterion) => {
              const entry = matrices.find((m) => m.criterionId === criterion.id);
              return (
                <article key={criterion.id} aria-label={`Flips: ${name(criterion)}`} className="rounded-lg border border-slate-200 bg-white p-3">
                  <h3 className="mb-2 text-sm font-medium">{name(criterion)}</h3>
                  {entry ? <FlipMatrixTable label={name(criterion)} matrix={entry.matrix} links={flipLinks(id, criterion.id)} /> : <p className="text-sm italic text-slate-500">No call compared yet.</p>}
                </article>
              );
            })}
          </div>
        </section>
      ) : null}
    </>
  );
}
