import { consistencyWarnings } from "../consistency-warnings";
import { transcriptHash } from "../hash";
import type { ImportOutcome, SourceLocation } from "../import-types";
import { extractToolCallSites } from "../sites";
import { transcriptName } from "../transcript-name";
import { type AssembleOptions, assembleTranscript } from "./assemble";
import { sessionIdOf } from "./conventions";
import type { OtelSpan } from "./span";

/**
 * The spans of one trace or session as an import outcome, exactly like an uploaded transcript:
 * name, sites, consistency warnings and content hash, or a `no_llm_span` error at `source`.
 */
export function importTraceSpans(spans: OtelSpan[], source: SourceLocation & { ordinal?: number }, options: AssembleOptions = {}): ImportOutcome {
  const { ordinal, ...location } = source;
  const assembled = assembleTranscript(spans, options);
  if (!assembled.ok) return { ok: false, error: { ...location, code: assembled.code, path: "", message: assembled.message } };
  const { transcript } = assembled;
  const name = transcriptName(undefined, transcript, `trace ${assembled.traceIds[0].slice(0, 8)}`, ordinal ?? 1);
  transcript.name = name;
  const sites = extractToolCallSites(transcript);
  return {
    ok: true,
    source: location,
    format: "otlp",
    transcript,
    name,
    warnings: [...assembled.warnings, ...consistencyWarnings(transcript, sites)],
    criteria: [],
    hash: transcriptHash(transcript),
    sites,
    extra: {},
  };
}

/**
 * Spans grouped into what becomes one transcript each: the traces of one session (OpenInference
 * `session.id`, GenAI `gen_ai.conversation.id`, ...) together, other traces on their own; groups
 * in the order their first span arrived.
 */
export function groupSpans(spans: Iterable<OtelSpan>): OtelSpan[][] {
  const byTrace = new Map<string, OtelSpan[]>();
  for (const span of spans) {
    const list = byTrace.get(span.traceId);
    if (list) list.push(span);
    else byTrace.set(span.traceId, [span]);
  }
  const groups = new Map<string, OtelSpan[]>();
  for (const [traceId, list] of byTrace) {
    const session = list.map(sessionIdOf).find((id) => id !== null);
    const key = session ? `session:${session}` : `trace:${traceId}`;
    const group = groups.get(key);
    if (group) group.push(...list);
    else groups.set(key, list);
  }
  return [...groups.values()];
}
