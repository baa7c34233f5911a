import type { CriterionScale } from "@/lib/criteria/parse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ViewMode } from "@/lib/judging/judges/types";
import { compareModes, type ModeComparison } from "@/lib/runs/results/compare-modes";
import { findingsDiff, type FindingsDiff } from "@/lib/runs/results/findings-diff";
import { markFor, type HumanMark } from "@/lib/runs/results/human-mark";
import { modeResultFromRow, type ModeResult } from "@/lib/runs/results/mode-result";
import { wordDiff, type WordDiff } from "@/lib/runs/results/word-diff";
import type { ConversationBlock } from "@/lib/transcripts/conversation";
import type { ImportWarning } from "@/lib/transcripts/import-types";
import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";
import { humanMarksForCalls } from "@/lib/review/server/human-marks";

export interface CallCriterion {
  id: string;
  text: string;
  title: string | null;
  kind: string;
  scale: CriterionScale;
}

/** A stored result with what the page shows beside it. */
export interface ModeSide {
  mode: ViewMode;
  result: ModeResult;
  judgeId: string | null;
  latencyMs: number | null;
  cached: boolean;
  error: string | null;
  /** A person's review of this result, when it was queued for one; shown beside the judge's. */
  human: HumanMark | null;
}

export interface CriterionCallResult {
  criterion: CallCriterion;
  /** The run judged in both modes: the page shows two columns even when a side is missing. */
  bothModes: boolean;
  immediate: ModeSide | null;
  hindsight: ModeSide | null;
  /** Both modes only. */
  comparison: ModeComparison | null;
  explanationDiff: WordDiff | null;
  findings: FindingsDiff | null;
}

export interface CallDetail {
  run: { id: string; name: string; mode: string; status: string; judgeId: string };
  call: {
    id: string;
    callId: string;
    ordinal: number;
    messageIndex: number;
    toolName: string;
    transcriptId: string;
    transcriptName: string;
  };
  transcript: {
    messages: CanonicalMessage[];
    tools: CanonicalTool[];
    /** The stored reference (lib/references), or null. */
    reference: string | null;
    warnings: ImportWarning[];
    calls: { id: string; callId: string; messageIndex: number; position: number; ordinal: number; toolName: string; rawArguments: string; responseIndex: number | null }[];
  };
  results: CriterionCallResult[];
}

const evaluationSelect = {
  criterionId: true,
  mode: true,
  status: true,
  score: true,
  passed: true,
  explanation: true,
  findings: true,
  judgeId: true,
  latencyMs: true,
  cached: true,
  error: true,
} as const;

export type CallEvaluationRow = {
  criterionId: string;
  mode: string;
  status: string;
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  findings: unknown;
  judgeId: string | null;
  latencyMs: number | null;
  cached: boolean;
  error: string | null;
};

/**
 * One tool call of a run with its transcript and results. Four indexed reads: the run with its
 * criteria, the call with its transcript, the call's results (Evaluation [runId, toolCallId]) and
 * their reviews (Review [runId, toolCallId]), so the page costs the same in a run of fifty results
 * or fifty thousand. Null when the run or the call is unknown, or the run did not judge the call.
 */
export async function getCallDetail(prisma: PrismaClient, runId: string, toolCallId: string): Promise<CallDetail | null> {
  const [run, call, rows, humans] = await Promise.all([
    prisma.run.findUnique({
      where: { id: runId },
      select: {
        id: true,
        name: true,
        mode: true,
        status: true,
        judgeId: true,
        criteria: { where: { criterion: { scope: "call" } }, orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, title: true, kind: true, scale: true } } } },
      },
    }),
    prisma.toolCall.findUnique({
      where: { id: toolCallId },
      select: {
        id: true,
        callId: true,
        ordinal: true,
        messageIndex: true,
        toolName: true,
        transcript: {
          select: {
            id: true,
            name: true,
            messages: true,
            tools: true,
            reference: true,
            warnings: true,
            toolCalls: {
              orderBy: { ordinal: "asc" },
              select: { id: true, callId: true, messageIndex: true, position: true, ordinal: true, toolName: true, rawArguments: true, responseIndex: true },
            },
          },
        },
      },
    }),
    prisma.evaluation.findMany({ where: { runId, toolCallId }, select: evaluationSelect }),
    humanMarksForCalls(prisma, runId, [toolCallId]),
  ]);
  if (!run || !call || rows.length === 0) return null;
  const criteria: CallCriterion[] = run.criteria.map(({ criterion }) => ({ ...criterion, scale: criterion.scale === "binary" ? "binary" : "continuous" }));
  return {
    run: { id: run.id, name: run.name, mode: run.mode, status: run.status, judgeId: run.judgeId },
    call: {
      id: call.id,
      callId: call.callId,
      ordinal: call.ordinal,
      messageIndex: call.messageIndex,
      toolName: call.toolName,
      transcriptId: call.transcript.id,
      transcriptName: call.transcript.name,
    },
    transcript: {
      // Validated at import (see lib/transcripts/server/get.ts).
      messages: call.transcript.messages as unknown as CanonicalMessage[],
      tools: call.transcript.tools as unknown as CanonicalTool[],
      reference: call.transcript.reference,
      warnings: Array.isArray(call.transcript.warnings) ? (call.transcript.warnings as unknown as ImportWarning[]) : [],
      calls: call.transcript.toolCalls,
    },
    results: criterionResults(criteria, rows, run.mode === "both", humans.get(toolCallId)),
  };
}

/** Just enough of a call to title its page. */
export async function callTitle(prisma: PrismaClient, toolCallId: string): Promise<string | null> {
  const call = await prisma.toolCall.findUnique({ where: { id: toolCallId }, select: { ordinal: true, toolName: true } });
  return call ? `Call #${call.ordinal} ${call.toolName}` : null;
}

function modeSide(row: CallEvaluationRow | undefined, mode: ViewMode, human: HumanMark | null): ModeSide | null {
  if (!row) return null;
  return { mode, result: modeResultFromRow(row), judgeId: row.judgeId, latencyMs: row.latencyMs, cached: row.cached, error: row.error, human };
}

/**
 * Each criterion's results for one call, in the run's criterion order, compared across modes
 * when the run judged both. The findings and explanations are compared whenever both sides
 * exist, even when the verdicts are not comparable (a side errored or did not apply): a reviewer
 * still wants to see what the judge said differently.
 */
export function criterionResults(criteria: readonly CallCriterion[], rows: readonly CallEvaluationRow[], bothModes: boolean, humans: readonly HumanMark[] = []): CriterionCallResult[] {
  return criteria.flatMap((criterion): CriterionCallResult[] => {
    const own = rows.filter((row) => row.criterionId === criterion.id);
    if (own.length === 0) return [];
    const immediate = modeSide(own.find((row) => row.mode === "immediate"), "immediate", markFor(humans, criterion.id, "immediate"));
    const hindsight = modeSide(own.find((row) => row.mode === "hindsight"), "hindsight", markFor(humans, criterion.id, "hindsight"));
    if (!bothModes) return [{ criterion, bothModes, immediate, hindsight, comparison: null, explanationDiff: null, findings: null }];
    const haveBoth = immediate !== null && hindsight !== null;
    return [
      {
        criterion,
        bothModes,
        immediate,
        hindsight,
        comparison: compareModes(immediate?.result ?? null, hindsight?.result ?? null, criterion.scale),
        explanationDiff: haveBoth ? wordDiff(immediate.result.explanation, hindsight.result.explanation) : null,
        findings: haveBoth ? findingsDiff(immediate.result.findings, hindsight.result.findings) : null,
      },
    ];
  });
}

export interface ConversationAroundCall {
  before: ConversationBlock[];
  /** The assistant message holding the call (and any calls made in parallel with it). */
  at: Extract<ConversationBlock, { kind: "calls" }> | null;
  after: ConversationBlock[];
}

/** The conversation split at the assistant message that made the call. */
export function conversationAroundCall(blocks: readonly ConversationBlock[], messageIndex: number): ConversationAroundCall {
  const found = blocks.find((block) => block.index === messageIndex);
  return {
    before: blocks.filter((block) => block.index < messageIndex),
    at: found?.kind === "calls" ? found : null,
    after: blocks.filter((block) => block.index > messageIndex),
  };
}
