import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { CallContext } from "@/components/runs/results/call-context";
import { CallNavigation } from "@/components/runs/results/call-navigation";
import { CriterionResultPanel } from "@/components/runs/results/criterion-result-panel";
import { ResultsOverview } from "@/components/runs/results/results-overview";
import { ExpectedCallPanel } from "@/components/references/expected-call-panel";
import { isErrorResponse } from "@/lib/judging/judges/checks/response-status";
import { expectedCallView } from "@/lib/references/expected-call";
import { currentUser, requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { callTitle, conversationAroundCall, getCallDetail } from "@/lib/runs/server/results/call-detail";
import { readRunState } from "@/lib/runs/server/results/state-cache";
import { cachedViewCount } from "@/lib/runs/server/results/view-count";
import { callPlace } from "@/lib/runs/server/results/view-sequence";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import { conversationBlocks } from "@/lib/transcripts/conversation";
import { runViewSchema, viewParams, type RunView } from "@/lib/runs/schemas/run-view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string; callId: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // A title names what is stored: only for someone signed in (the page itself redirects the rest).
  if (!(await currentUser())) return { title: "Tool call" };
  return { title: (await callTitle(getPrisma(), (await params).callId)) ?? "Tool call" };
}

const withQuery = (path: string, params: URLSearchParams) => (params.size ? `${path}?${params}` : path);

/** The run page at the list page that holds the call, with the same filters. */
function listHref(runId: string, view: RunView, index: number | null): string {
  const params = viewParams(view);
  if (view.size !== 25) params.set("size", String(view.size));
  if (view.hide) params.set("hide", view.hide);
  const page = index === null ? view.page : Math.floor(index / view.size) + 1;
  if (page > 1) params.set("page", String(page));
  return withQuery(`/runs/${runId}`, params);
}

export default async function ToolCallResultPage({ params, searchParams }: Props) {
  await requirePageUser();
  const { id, callId } = await params;
  const view = runViewSchema.parse(firstValues(await searchParams));
  const prisma = getPrisma();
  const run = await readRunState(prisma, id);
  if (!run) notFound();
  // The view's list is remembered per run state once a call of it was shown (view-sequence.ts); the
  // unfiltered list places a call by the worker's marks; else the place is queried with the count the run page remembered.
  const [detail, position] = await Promise.all([getCallDetail(prisma, id, callId), callPlace(prisma, run, view, callId, () => cachedViewCount(prisma, run, view))]);
  if (!detail) notFound();

  // Links keep the list's filters and sort, so j/k walk the same list the reviewer came from.
  const carried = viewParams(view);
  if (view.size !== 25) carried.set("size", String(view.size));
  if (view.hide) carried.set("hide", view.hide);
  const callHref = (toolCallId: string) => withQuery(`/runs/${id}/calls/${toolCallId}`, carried);

  const expected = expectedCallView(detail.transcript.messages, detail.transcript.tools, detail.transcript.reference, detail.call.ordinal, isErrorResponse);
  const around = conversationAroundCall(conversationBlocks(detail.transcript.messages, detail.transcript.calls), detail.call.messageIndex);
  const siblingHrefs = Object.fromEntries(
    detail.transcript.calls.filter((call) => call.messageIndex === detail.call.messageIndex && call.id !== callId).map((call) => [call.ordinal, callHref(call.id)]),
  );

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/runs" className="text-indigo-700 hover:underline">Runs</Link>
        <span className="mx-1 text-slate-400">/</span>
        <Link href={listHref(id, view, position.index)} className="text-indigo-700 hover:underline">{detail.run.name}</Link>
      </nav>
      <PageHeader
        title={`Call #${detail.call.ordinal} · ${detail.call.toolName}`}
        description={`${detail.call.transcriptName} · call id ${detail.call.callId} · ${detail.run.judgeId} · mode ${detail.run.mode}`}
      >
        <Link href={`/transcripts/${detail.call.transcriptId}#call-${detail.call.ordinal}`} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:border-indigo-400">
          Open the transcript
        </Link>
      </PageHeader>
      <CallNavigation
        index={position.index}
        total={position.total}
        approximate={position.approximate}
        previousHref={position.previous ? callHref(position.previous) : null}
        nextHref={position.next ? callHref(position.next) : null}
        listHref={listHref(id, view, position.index)}
      />
      {/* The verdicts first: on a wide screen a column that stays in view beside the conversation
          (it scrolls on its own when taller than the screen); on a narrow one, before it. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_30rem]">
        <section
          aria-labelledby="results-heading"
          data-testid="verdict-summary"
          // Focusable so that a keyboard can scroll the column when it is taller than the screen.
          tabIndex={0}
          className="min-w-0 lg:sticky lg:top-4 lg:order-last lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-1"
        >
          <h2 id="results-heading" className="mb-3 text-lg font-semibold">
            Results{detail.run.mode === "both" ? ": immediate and hindsight" : ""}
          </h2>
          <ResultsOverview results={detail.results} />
          <div className="space-y-4">
            {detail.results.map((result) => (
              <CriterionResultPanel key={result.criterion.id} view={result} />
            ))}
          </div>
        </section>
        <div className="min-w-0 space-y-8">
          <CallContext
            before={around.before}
            at={around.at}
            after={around.after}
            ordinal={detail.call.ordinal}
            warnings={detail.transcript.warnings}
            siblingHrefs={siblingHrefs}
          />
          {expected ? <ExpectedCallPanel view={expected} /> : null}
        </div>
      </div>
    </>
  );
}
