import { csvRecord, type CsvValue } from "@/lib/platform/csv";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { markFor, type HumanMark } from "@/lib/runs/results/human-mark";
import type { RunView } from "@/lib/runs/schemas/run-view";
import { HUMAN_EXPORT_COLUMNS, humanCsvValues, humanExport, type HumanExport } from "@/lib/review/server/export-human";
import { agentExportRecords, type AgentExportRecord } from "./export-agent";
import { humanMarksForCalls } from "@/lib/review/server/human-marks";
import { runCallIds } from "./run-call-query";
import { trimMatching } from "@/lib/platform/text-trim";
import { exportVerdict, type ExportVerdict } from "@/lib/runs/results/export-verdict";
import { TRANSCRIPT_EXPORT_COLUMNS, transcriptExportFields, type TranscriptExportFields } from "@/lib/runs/results/export-transcript";
import { parseTags } from "@/lib/transcripts/server/metadata-columns";
import { asScale } from "@/lib/review/server/item-view";
import { EXPORT_TRANSCRIPT_SELECT, type ExportTranscript } from "./export-transcript-select";

export const EXPORT_FORMATS = ["csv", "jsonl", "summary"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * One exported result: a tool call × criterion × mode. The CSV header is the judge's keys in
 * this order (RESULT_COLUMNS), then `human` spread over the human_* columns.
 */
export interface ExportRecord extends TranscriptExportFields {
  run_id: string;
  transcript_id: string;
  transcript_name: string;
  call_ordinal: number;
  /** The agent's id for the call, as in the transcript. */
  call_id: string;
  /** Callboard's id for the call: the tool-call page is /runs/<run_id>/calls/<tool_call_id>. */
  tool_call_id: string;
  tool: string;
  /** As the agent sent them, which may not be valid JSON. */
  arguments: string;
  criterion_id: string;
  criterion: string;
  mode: string;
  status: string;
  score: number | null;
  /** Pass or fail as the pages count it: filled for score criteria too (export-verdict.ts). */
  passed: boolean | null;
  /** "judge", or the score threshold `passed` was read by ("score >= 0.5"); null without a verdict. */
  passed_from: ExportVerdict["passed_from"];
  explanation: string | null;
  /** The judge's findings, as stored: an array of {check, severity, path?, message, evidence?}. */
  findings: unknown;
  judge: string | null;
  latency_ms: number | null;
  error: string | null;
  /** "call": a tool call's result; agent-level results are AgentExportRecord (export-agent.ts). */
  scope: "call";
  /** A person's review of the result; null when it was never queued for review. */
  human: HumanExport | null;
}

/** The result's own columns, as the judge gave them. */
export const RESULT_COLUMNS = [
  "run_id",
  "transcript_id",
  "transcript_name",
  ...TRANSCRIPT_EXPORT_COLUMNS,
  "call_ordinal",
  "call_id",
  "tool_call_id",
  "tool",
  "arguments",
  "criterion_id",
  "criterion",
  "mode",
  "status",
  "score",
  "passed",
  "passed_from",
  "explanation",
  "findings",
  "judge",
  "latency_ms",
  "error",
  "scope",
] as const satisfies readonly (keyof ExportRecord)[];

/** The CSV header: the result's columns, then what a person said about it (never mixed with the judge's). */
export const EXPORT_COLUMNS = [...RESULT_COLUMNS, ...HUMAN_EXPORT_COLUMNS] as const;

export interface ExportCall {
  id: string;
  callId: string;
  ordinal: number;
  toolName: string;
  rawArguments: string;
  transcriptId: string;
  transcript: ExportTranscript;
  evaluations: {
    criterionId: string;
    mode: string;
    status: string;
    score: number | null;
    passed: boolean | null;
    explanation: string | null;
    findings: unknown;
    judgeId: string | null;
    latencyMs: number | null;
    error: string | null;
  }[];
}

const MODE_ORDER: Record<string, number> = { immediate: 0, hindsight: 1 };

/** A call's results as export records, in the run's criterion order, immediate before hindsight, each with its review when it has one. */
export function exportRecords(runId: string, call: ExportCall, criteria: readonly { id: string; text: string; scale: string }[], humans: readonly HumanMark[] = []): ExportRecord[] {
  const position = new Map(criteria.map((criterion, index) => [criterion.id, index]));
  const text = new Map(criteria.map((criterion) => [criterion.id, criterion.text]));
  const scale = new Map(criteria.map((criterion) => [criterion.id, asScale(criterion.scale)]));
  const transcript = transcriptExportFields({ ...call.transcript, tags: parseTags(call.transcript.tags) });
  return [...call.evaluations]
    .sort((a, b) => (position.get(a.criterionId) ?? Infinity) - (position.get(b.criterionId) ?? Infinity) || (MODE_ORDER[a.mode] ?? 2) - (MODE_ORDER[b.mode] ?? 2))
    .map((evaluation) => ({
      run_id: runId,
      transcript_id: call.transcriptId,
      transcript_name: call.transcript.name,
      ...transcript,
      call_ordinal: call.ordinal,
      call_id: call.callId,
      tool_call_id: call.id,
      tool: call.toolName,
      arguments: call.rawArguments,
      criterion_id: evaluation.criterionId,
      criterion: text.get(evaluation.criterionId) ?? "",
      mode: evaluation.mode,
      status: evaluation.status,
      score: evaluation.score,
      ...exportVerdict(evaluation, scale.get(evaluation.criterionId) ?? "continuous"),
      explanation: evaluation.explanation,
      findings: evaluation.findings ?? [],
      judge: evaluation.judgeId,
      latency_ms: evaluation.latencyMs,
      error: evaluation.error,
      scope: "call" as const,
      human: humanExport(markFor(humans, evaluation.criterionId, evaluation.mode)),
    }));
}

export function csvHeader(): string {
  return csvRecord(EXPORT_COLUMNS);
}

/** A record as a CSV line; findings become their JSON text, the review its human_* columns. */
export function csvLine(record: ExportRecord | AgentExportRecord): string {
  // An agent-level record has no call fields: their columns stay empty.
  const values: Partial<Record<(typeof RESULT_COLUMNS)[number], CsvValue>> = { ...record, tags: record.tags.join("; "), findings: JSON.stringify(record.findings) };
  return csvRecord([...RESULT_COLUMNS.map((column) => values[column]), ...humanCsvValues(record.human)]);
}

export function jsonLine(record: ExportRecord | AgentExportRecord): string {
  return `${JSON.stringify(record)}\n`;
}

/**
 * Calls per read of the view's order, and per read of their results. Ordering the view costs the
 * same for 500 ids as for 5,000 (SQLite sorts the whole view either way), so ids come in large
 * pages, and results, which carry explanations and findings, in small ones to keep memory flat.
 */
export const EXPORT_PAGES = { ids: 5_000, results: 500 };

const callSelect = (runId: string) =>
  ({
    id: true,
    callId: true,
    ordinal: true,
    toolName: true,
    rawArguments: true,
    transcriptId: true,
    transcript: { select: EXPORT_TRANSCRIPT_SELECT },
    evaluations: {
      where: { runId },
      select: { criterionId: true, mode: true, status: true, score: true, passed: true, explanation: true, findings: true, judgeId: true, latencyMs: true, error: true },
    },
  }) as const;

/** The export as text chunks: the header, then one chunk per page of calls, in the view's order. */
async function* exportChunks(prisma: PrismaClient, runId: string, view: RunView, format: "csv" | "jsonl", pages: typeof EXPORT_PAGES): AsyncGenerator<string> {
  const links = await prisma.runCriterion.findMany({ where: { runId, criterion: { scope: "call" } }, orderBy: { position: "asc" }, select: { criterion: { select: { id: true, text: true, scale: true } } } });
  const criteria = links.map((link) => link.criterion);
  if (format === "csv") yield csvHeader();
  for (let skip = 0; ; skip += pages.ids) {
    const ids = await runCallIds(prisma, runId, view, skip, pages.ids);
    for (let start = 0; start < ids.length; start += pages.results) {
      const slice = ids.slice(start, start + pages.results);
      const [calls, humans] = await Promise.all([
        prisma.toolCall.findMany({ where: { id: { in: slice } }, select: callSelect(runId) }),
        humanMarksForCalls(prisma, runId, slice),
      ]);
      const byId = new Map(calls.map((call) => [call.id, call]));
      let text = "";
      for (const id of slice) {
        const call = byId.get(id);
        if (!call) continue;
        for (const record of exportRecords(runId, call, criteria, humans.get(id))) text += format === "csv" ? csvLine(record) : jsonLine(record);
      }
      if (text) yield text;
    }
    if (ids.length < pages.ids) break;
  }
  // Agent-level results follow the calls; the view's call filters do not apply to them.
  for await (const records of agentExportRecords(prisma, runId, pages.results)) {
    const text = records.map((record) => (format === "csv" ? csvLine(record) : jsonLine(record))).join("");
    if (text) yield text;
  }
}

/**
 * The view's results as a stream of CSV or JSON Lines. Each pull reads one page of calls, so a
 * large export starts at once, holds one page in memory, and stops reading when the client goes
 * away. Calls come in the view's order (runCallIds), the order of the run page's table.
 */
export function exportStream(prisma: PrismaClient, runId: string, view: RunView, format: "csv" | "jsonl", pages: typeof EXPORT_PAGES = EXPORT_PAGES): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = exportChunks(prisma, runId, view, format, pages);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** A file name for the export: the run's name, made safe for every file system, and the run id. */
export function exportFileName(runName: string, runId: string, extension: string): string {
  const safe = runName
    .normalize("NFKD")
    // Accents come apart from their letters under NFKD: drop the marks, keep "e" of "é".
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w.-]+/g, "-")
    .replace(/-+/g, "-");
  const base = trimMatching(safe, /[-.]/).slice(0, 60);
  return `${base ? `${base}-` : ""}${runId}.${extension}`;
}
