import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { z } from "zod";
import { PageHeader } from "@/components/ui/page-header";
import { criterionLabel } from "@/components/runs/criterion-label";
import { LiveProgress } from "@/components/runs/live-progress";
import { RunActions } from "@/components/runs/run-actions";
import { RunCallsTable } from "@/components/runs/run-calls-table";
import { RunLinks } from "@/components/runs/run-links";
import { RunSummary } from "@/components/runs/run-summary";
import { RunViewFilters } from "@/components/runs/run-view-filters";
import { measuresReference } from "@/lib/judging/judges/checks/criterion-topics";
import { SectionPlaceholder } from "@/components/runs/section-placeholder";
import { can } from "@/lib/accounts/roles";
import { formatDateTime } from "@/lib/platform/format";
import { agentView } from "@/lib/runs/results/agent-view";
import { currentUser, requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { runHumanAgreement } from "@/lib/review/server/human-agreement";
import { runAgentResults, runAgentSummary } from "@/lib/runs/server/results/agent-results";
import { runCallPage } from "@/lib/runs/server/results/run-call-page";
import { cachedRunMetadataValues, cachedRunOutcomeVerdicts, cachedRunProgress, cachedRunToolNames, queriedRunResultGroups, runModes, snapshotRunResultGroups } from "@/lib/runs/server/results/run-page-cache";
import { progressReport } from "@/lib/runs/server/progress-report";
import { runResultsSummary } from "@/lib/runs/server/run-results";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import { RUN_GROUPS, runViewSchema, viewParams, type RunGroupField } from "@/lib/runs/schemas/run-view";
import { loadRun } from "./load-run";
import { RunAgentResultsSection } from "./run-agent-results-section";
import { RunAgreementSection } from "./run-agreement-section";
import { RunGroupsSection } from "./run-groups-section";
import { RunOutcomeSection } from "./run-outcome-section";
import { AGENT_MODE } from "@/lib/runs/results/outcome-separation";
import { RunSummarySection } from "./run-summary-section";

export const dynamic = "force-dynamic";

const agentPageSchema = z.coerce.number().int().min(1).catch(1);

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // A title names what is stored: only for someone signed in (the page itself redirects the rest).
  if (!(await currentUser())) return { title: "Run" };
  const run = await loadRun((await params).id);
  return { title: run?.name ?? "Run" };
}

/** Awaited by a Suspense section later; until then, a failure must not count as unhandled. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * The run page. The calls table is part of the first HTML the server sends: React 19.2 reveals a
 * streamed Suspense boundary no sooner than 300 ms after the page's first paint, so a streamed
 * table would show later than one sent whole. Only the criteria summary of a running run, whose
 * aggregates are read afresh on every view, streams in after the table.
 */
export default async function RunPage({ params, searchParams }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  const searchValues = firstValues(await searchParams);
  const view = runViewSchema.parse(searchValues);
  const agentPage = agentPageSchema.parse(searchValues.agentPage);
  const prisma = getPrisma();
  const run = await loadRun(id);
  if (!run) notFound();
  const progress = await cachedRunProgress(prisma, run);
  if (!progress) notFound();
  // SQLite answers one query at a time: the table's rows first, since they are what the page is for.
  const calls = runCallPage(prisma, run, view);
  const [page, modes, tools, metadata] = await Promise.all([calls, runModes(prisma, run), cachedRunToolNames(prisma, run), cachedRunMetadataValues(prisma, run)]);
  const agentFilters = agentView(view, run.agentCriteria.map((criterion) => criterion.id));
  const agentResults = run.agentCriteria.length ? await runAgentResults(prisma, id, agentPage, agentFilters) : null;
  const agentSummary = run.agentCriteria.length ? await runAgentSummary(prisma, id, run.agentCriteria) : [];
  const metadataShown = { model: metadata.models.length > 0, task: metadata.tasks.length > 0, tags: metadata.tags.length > 0, outcome: metadata.outcomes };
  const active = run.status === "pending" || run.status === "running";
  // A finished run's summary is remembered, so waiting for it costs nothing.
  const summary = active ? null : await runResultsSummary(prisma, run);
  // People's reviews of the run's results stream in below the summary.
  const agreement = started(runHumanAgreement(prisma, id));
  const canBuildQueue = can(user.role, "build-queue");
  // Verdicts against the transcripts' outcome, when their metadata gives one: streamed, as the agreement.
  const outcomes = metadata.outcomes ? started(cachedRunOutcomeVerdicts(prisma, run)) : null;
  // The run's results grouped by a metadata field, when asked (?group=). Only the fields the run
  // has values for are offered; every call has a tool, so tool whenever the run judged calls.
  const offered: Record<RunGroupField, boolean> = { model: metadataShown.model, task: metadataShown.task, tag: metadataShown.tags, outcome: metadataShown.outcome, tool: tools.length > 0 };
  const groupFields = RUN_GROUPS.filter((field) => offered[field]);
  const groupField = view.group && groupFields.includes(view.group) ? view.group : undefined;
  // Sent with the table when the worker's snapshot has them; streamed when they take a query. A
  // streamed section is revealed no sooner than 300 ms after the first paint: with the snapshot
  // read in 2 ms, the grouped table still rendered at about 960 ms (bench:results, browser).
  const groupsNow = groupField ? await snapshotRunResultGroups(prisma, run, groupField) : null;
  const groups = groupsNow ? Promise.resolve(groupsNow) : groupField ? started(queriedRunResultGroups(prisma, run, groupField)) : null;

  // The table's columns go to the browser: only what they show (`columnId` keeps the URL's `hide` short).
  // Headers wrap onto two lines, so they can say more than a list item.
  const columns = run.criteria.map((c) => ({ id: c.id, label: criterionLabel(c, 60), text: c.text, scale: c.scale, columnId: `c${c.position}` }));
  const criteria = run.criteria.map((c, i) => ({ id: c.id, label: columns[i].label, text: c.text, kind: c.kind }));
  const seconds = run.startedAt ? ((run.finishedAt ?? new Date()).getTime() - run.startedAt.getTime()) / 1000 : null;
  const query = viewParams(view).toString();

  const groupsSection = (
    <RunGroupsSection
      runId={run.id}
      fields={groupFields}
      field={groupField}
      query={viewParams(view, ["page", "group"]).toString()}
      columns={[
        ...run.criteria.flatMap((c, i) =>
          modes.map((mode) => ({
            criterionId: c.id,
            mode,
            label: modes.length > 1 ? `${columns[i].label} · ${mode}` : columns[i].label,
            text: c.text,
            continuous: c.scale === "continuous",
          })),
        ),
        ...run.agentCriteria.map((c) => ({ criterionId: c.id, mode: AGENT_MODE, label: `${criterionLabel(c, 60)} · whole transcript`, text: c.text, continuous: c.scale === "continuous" })),
      ]}
      groups={groups}
    />
  );

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/runs" className="text-indigo-700 hover:underline">
          Runs
        </Link>
      </nav>
      <PageHeader
        title={run.name}
        description={`${run.judgeId} · mode ${run.mode} · started ${formatDateTime(run.createdAt)}${seconds !== null && !active ? ` · took ${seconds.toFixed(1)} s` : ""}`}
      >
        {can(user.role, "run") ? <RunActions runId={run.id} canCancel={active} failed={progress.counts.error} /> : null}
        {canBuildQueue ? (
          <Link
            href={`/review/new?runId=${encodeURIComponent(run.id)}`}
            title="Build a review queue from this run's results"
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-100"
          >
            Review
          </Link>
        ) : null}
      </PageHeader>
      <LiveProgress key={`${run.status}-${progress.finished}`} runId={run.id} initial={progressReport(progress)} />

      {summary ? (
        <RunSummary runId={run.id} criteria={criteria} modes={modes} stats={summary.stats} flips={summary.flips} />
      ) : (
        <Suspense fallback={<SectionPlaceholder label="Criteria" className="mt-6 h-48" />}>
          <RunSummarySection runId={run.id} criteria={criteria} modes={modes} summary={started(runResultsSummary(prisma, run))} />
        </Suspense>
      )}
      <Suspense fallback={<SectionPlaceholder label="Judge agreement" className="mt-6 h-24" />}>
        <RunAgreementSection runId={run.id} agreement={agreement} canBuildQueue={canBuildQueue} />
      </Suspense>
      {outcomes ? (
        <Suspense fallback={<SectionPlaceholder label="Verdicts vs outcome" className="mt-6 h-24" />}>
          <RunOutcomeSection
            runId={run.id}
            criteria={[...criteria, ...run.agentCriteria.map((criterion) => ({ id: criterion.id, label: criterionLabel(criterion, 60), text: criterion.text }))]}
            outcomes={outcomes}
          />
        </Suspense>
      ) : null}
      {groupFields.length ? (
        groupField && !groupsNow ? (
          <Suspense fallback={<SectionPlaceholder label="Results by group" className="mt-6 h-24" />}>{groupsSection}</Suspense>
        ) : (
          groupsSection
        )
      ) : null}
      <RunLinks runId={run.id} query={query} />

      <section aria-labelledby="calls-heading" className="mt-6">
        <h2 id="calls-heading" className="mb-2 text-lg font-semibold">
          Tool calls
        </h2>
        <RunViewFilters
          view={view}
          criteria={criteria.map(({ id: criterionId, label }) => ({ id: criterionId, label }))}
          agentCriteria={run.agentCriteria.map((criterion) => ({ id: criterion.id, label: criterionLabel(criterion, 60) }))}
          tools={tools} bothModes={run.mode === "both"} metadata={metadata}
          referenceReasons={run.criteria.some((criterion) => measuresReference(criterion.text))} />
        <RunCallsTable runId={run.id} criteria={columns} modes={modes} rows={page.rows} total={page.total} page={page.page} view={view} query={query} metadataShown={metadataShown} />
      </section>

      {/* After the tool calls, which the page is for: a transcript's whole-run verdicts are a summary and a folded list. */}
      {agentResults ? <RunAgentResultsSection
          runId={run.id}
          results={agentResults}
          summary={agentSummary.map((row) => ({ ...row, label: criterionLabel(run.agentCriteria.find((c) => c.id === row.criterionId) ?? { text: row.criterionId, title: null }, 80) }))}
          filters={agentFilters}
          query={query}
        /> : null}
    </>
  );
}
