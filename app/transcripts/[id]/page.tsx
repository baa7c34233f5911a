import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AgentResultsTable } from "@/components/runs/agent/agent-results-table";
import { MetadataSummary } from "@/components/transcripts/metadata/metadata-summary";
import { PageHeader } from "@/components/ui/page-header";
import { ConversationView } from "@/components/transcripts/transcript/conversation-view";
import { RawJson } from "@/components/transcripts/transcript/raw-json";
import { ToolsPanel } from "@/components/transcripts/transcript/tools-panel";
import { WarningList } from "@/components/transcripts/transcript/warning-list";
import { formatDateTime, plural } from "@/lib/platform/format";
import { currentUser, requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { transcriptAgentResults } from "@/lib/runs/server/results/agent-results";
import { getTranscript } from "@/lib/transcripts/server/get";
import { conversationBlocks, splitTools } from "@/lib/transcripts/conversation";
import { canonicalDocument } from "@/lib/transcripts/document";
import type { ImportWarning } from "@/lib/transcripts/import-types";
import { TraceLinks } from "@/components/transcripts/transcript/trace-links";
import { env } from "@/lib/platform/env";
import { ReferenceSteps } from "@/components/references/reference-steps";
import { isErrorResponse } from "@/lib/judging/judges/checks/response-status";
import { referenceSummary } from "@/lib/references/expected-call";
import { VerdictRunChooser } from "@/components/transcripts/transcript/verdict-run-chooser";
import { optionalUrlId } from "@/lib/platform/schemas/url-text";
import { firstValues, type SearchParams } from "@/lib/platform/table-query";
import type { CallVerdicts } from "@/lib/runs/results/call-verdict-chip";
import { transcriptCallVerdicts } from "@/lib/runs/server/results/transcript-call-verdicts";

const runParam = optionalUrlId;

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // A title names what is stored: only for someone signed in (the page itself redirects the rest).
  if (!(await currentUser())) return { title: "Transcript" };
  const transcript = await getTranscript(getPrisma(), (await params).id);
  return { title: transcript?.name ?? "Transcript" };
}

export default async function TranscriptPage({ params, searchParams }: Props) {
  await requirePageUser();
  const { id } = await params;
  const askedRun = runParam.parse(firstValues(await searchParams).run);
  const prisma = getPrisma();
  const transcript = await getTranscript(prisma, id);
  if (!transcript) notFound();
  const agentResults = await transcriptAgentResults(prisma, id);
  // Each call card carries its verdicts from the newest run that judged it, or the run asked for.
  const verdicts = await transcriptCallVerdicts(prisma, transcript.toolCalls.map((call) => call.id), askedRun);
  const shownRun = verdicts.runs.find((run) => run.id === verdicts.runId);
  const callVerdicts: Record<number, CallVerdicts> = {};
  if (shownRun) {
    for (const call of transcript.toolCalls) {
      const chips = verdicts.byCall.get(call.id);
      if (chips) callVerdicts[call.ordinal] = { href: `/runs/${encodeURIComponent(shownRun.id)}/calls/${encodeURIComponent(call.id)}`, runName: shownRun.name, chips };
    }
  }
  const warnings = transcript.warnings as unknown as ImportWarning[];
  const blocks = conversationBlocks(transcript.messages, transcript.toolCalls);
  const tools = splitTools(transcript.tools, transcript.toolCalls.map((c) => c.toolName));
  const placed = new Set(warnings.filter((w) => w.location.messageIndex !== undefined || w.location.callId !== undefined));
  const unplaced = warnings.filter((w) => !placed.has(w));
  const reference = referenceSummary(transcript.messages, transcript.tools, transcript.reference, isErrorResponse);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/transcripts" className="text-indigo-700 hover:underline">Transcripts</Link>
      </nav>
      <PageHeader
        title={transcript.name}
        description={`${transcript.format} · ${plural(transcript.messages.length, "message")} · ${plural(transcript.toolCalls.length, "tool call")} · added ${formatDateTime(transcript.createdAt)}${transcript.sourceFile ? ` from ${transcript.sourceFile}${transcript.sourceLocation ? ` (${transcript.sourceLocation})` : ""}` : ""}`}
      />
      <MetadataSummary fields={transcript.fields} />
      <TraceLinks metadata={transcript.metadata} traceUrlTemplate={env().CALLBOARD_TRACE_URL} />
      {warnings.length > 0 ? (
        <section aria-labelledby="warnings-heading" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h2 id="warnings-heading" className="text-sm font-semibold text-amber-900">
            {plural(warnings.length, "warning")}, shown where they occur
          </h2>
          {unplaced.length > 0 ? <div className="mt-2"><WarningList warnings={unplaced} /></div> : null}
        </section>
      ) : null}
      {agentResults.length ? (
        <section aria-labelledby="agent-results-heading" className="mb-6">
          <h2 id="agent-results-heading" className="mb-2 text-lg font-semibold">Agent-level results</h2>
          <AgentResultsTable rows={agentResults} show="run" />
        </section>
      ) : null}
      {reference ? <ReferenceSteps summary={reference} /> : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="conversation-heading" className="min-w-0">
          <h2 id="conversation-heading" className="mb-3 text-lg font-semibold">Conversation</h2>
          {shownRun ? <VerdictRunChooser runs={verdicts.runs} shown={shownRun} /> : null}
          <ConversationView blocks={blocks} warnings={warnings} callVerdicts={callVerdicts} />
          <div className="mt-6">
            <RawJson json={JSON.stringify(canonicalDocument(transcript), null, 2)} downloadHref={`/api/transcripts/${transcript.id}/raw`} />
          </div>
        </section>
        <aside className="min-w-0">
          <ToolsPanel called={tools.called} notCalled={tools.notCalled} />
        </aside>
      </div>
    </>
  );
}
