import { AgentItemContext } from "@/components/runs/agent/agent-item-context";
import { CallContext } from "@/components/runs/results/call-context";
import { CriterionResultPanel, type CriterionResultView } from "@/components/runs/results/criterion-result-panel";
import { ResultsOverview } from "@/components/runs/results/results-overview";
import { ExpectedCallPanel } from "@/components/references/expected-call-panel";
import { ReferenceSteps } from "@/components/references/reference-steps";
import { isErrorResponse } from "@/lib/judging/judges/checks/response-status";
import { expectedCallView, referenceSummary } from "@/lib/references/expected-call";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { conversationAroundCall, getCallDetail } from "@/lib/runs/server/results/call-detail";
import type { ReviewItemDetail } from "@/lib/review/server/get-item";
import { getTranscript } from "@/lib/transcripts/server/get";
import { conversationBlocks } from "@/lib/transcripts/conversation";
import type { ImportWarning } from "@/lib/transcripts/import-types";

/** What the item page shows left of the review panel, with its header. */
export interface ItemContent {
  title: string;
  description: string;
  open: { href: string; label: string };
  main: React.ReactNode;
  /** The reviewed criterion's results in both modes, for a call item. */
  reviewed?: CriterionResultView;
  /** The reviewed criterion's verdicts, explanations and findings, for the top of the review panel. */
  underReview?: React.ReactNode;
}

/**
 * The reviewed result without the item's own human verdict, which the review panel shows and
 * changes beside it; a person's verdict from another queue stays.
 */
function withoutOwnVerdict(view: CriterionResultView, reviewId: string): CriterionResultView {
  const strip = (side: CriterionResultView["immediate"]) => (side && side.human?.reviewId === reviewId ? { ...side, human: null } : side);
  return { ...view, immediate: strip(view.immediate), hindsight: strip(view.hindsight) };
}

/**
 * A call × criterion: the reviewed criterion's verdicts for the review panel, then the call in its
 * transcript and the call's other results.
 */
export async function callItemContent(prisma: PrismaClient, item: ReviewItemDetail, toolCallId: string): Promise<ItemContent | null> {
  const detail = await getCallDetail(prisma, item.runId, toolCallId);
  if (!detail) return null;
  const around = conversationAroundCall(conversationBlocks(detail.transcript.messages, detail.transcript.calls), detail.call.messageIndex);
  const siblingHrefs = Object.fromEntries(
    detail.transcript.calls
      .filter((call) => call.messageIndex === detail.call.messageIndex && call.id !== detail.call.id)
      .map((call) => [call.ordinal, `/runs/${item.runId}/calls/${call.id}`]),
  );
  const reviewed = detail.results.find((result) => result.criterion.id === item.criterion.id);
  const expected = expectedCallView(detail.transcript.messages, detail.transcript.tools, detail.transcript.reference, detail.call.ordinal, isErrorResponse);
  const others = detail.results.filter((result) => result !== reviewed);
  return {
    title: `Item ${item.position} · Call #${detail.call.ordinal} · ${detail.call.toolName}`,
    description: `${detail.call.transcriptName} · ${item.criterion.title ?? item.criterion.text} · ${item.evaluation.mode} · run ${item.queue.runName}`,
    open: { href: `/runs/${item.runId}/calls/${toolCallId}`, label: "Open the tool-call page" },
    reviewed,
    underReview: reviewed ? (
      <div data-testid="reviewed-criterion" className="space-y-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Under review</p>
        <CriterionResultPanel view={withoutOwnVerdict(reviewed, item.id)} />
      </div>
    ) : undefined,
    main: (
      <>
        <CallContext before={around.before} at={around.at} after={around.after} ordinal={detail.call.ordinal} warnings={detail.transcript.warnings} siblingHrefs={siblingHrefs} />
        {expected ? <ExpectedCallPanel view={expected} /> : null}
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="mb-3 text-lg font-semibold">
            Results{detail.run.mode === "both" ? ": immediate and hindsight" : ""}
          </h2>
          <ResultsOverview results={detail.results} />
          {others.length > 0 ? (
            <details className="mt-4 rounded-lg border border-slate-200 bg-white">
              <summary className="cursor-pointer px-3 py-2 text-sm font-medium">The call&apos;s other criteria ({others.length})</summary>
              <div className="space-y-4 border-t border-slate-100 p-3">
                {others.map((result) => (
                  <CriterionResultPanel key={result.criterion.id} view={result} />
                ))}
              </div>
            </details>
          ) : null}
        </section>
      </>
    ),
  };
}

/** A transcript × agent criterion: the judge's verdict, explanation and evidence, then the transcript, compact. */
export async function agentItemContent(prisma: PrismaClient, item: ReviewItemDetail, transcriptId: string): Promise<ItemContent | null> {
  const transcript = await getTranscript(prisma, transcriptId);
  if (!transcript) return null;
  const warnings = transcript.warnings as unknown as ImportWarning[];
  const reference = referenceSummary(transcript.messages, transcript.tools, transcript.reference, isErrorResponse);
  return {
    title: `Item ${item.position} · Whole transcript · ${transcript.name}`,
    description: `${item.criterion.title ?? item.criterion.text} · agent-level · run ${item.queue.runName}`,
    open: { href: `/transcripts/${transcriptId}`, label: "Open the transcript page" },
    main: (
      <>
        <AgentItemContext
          criterion={item.criterion}
          result={item.evaluation.result}
          judgeId={item.evaluation.judgeId}
          blocks={conversationBlocks(transcript.messages, transcript.toolCalls)}
          warnings={warnings}
        />
        {reference ? <ReferenceSteps summary={reference} /> : null}
      </>
    ),
  };
}
