import { z } from "zod";
import { sameOriginPath } from "@/lib/platform/security/same-origin-path";

/*
 * A transcript made from a trace links back to its received spans and to a tracing UI. Those
 * addresses sit in its metadata, which an upload can set to anything, so they are links only
 * when they lead where Callboard itself would send people: a path of this site, or the page
 * CALLBOARD_TRACE_URL gives for the trace.
 */

// Only what a link needs is read; a malformed link is dropped, not the whole trace line.
const traceMetadata = z.object({
  trace: z.object({
    traceId: z.string().min(1).max(200),
    spansUrl: z.string().optional().catch(undefined),
    url: z.string().optional().catch(undefined),
  }),
});

// An OTLP trace id: nothing in it can change the origin of the tracing UI's address.
const OTLP_TRACE_ID = /^[0-9a-f]{32}$/i;

/** The tracing UI's page for a trace: CALLBOARD_TRACE_URL with the trace's id in it. */
export function tracePageUrl(template: string, traceId: string): string {
  return template.replaceAll("{traceId}", traceId);
}

export interface TranscriptTraceLinks {
  traceId: string;
  /** Callboard's copy of the spans, a path of this site; null when the metadata names none or another site. */
  spansHref: string | null;
  /** The configured tracing UI's page for the trace; null otherwise. */
  tracingUiHref: string | null;
}

/** The trace a transcript was made from and where to link for it, or null when it is not from a trace. */
export function transcriptTraceLinks(metadata: unknown, traceUrlTemplate: string | undefined): TranscriptTraceLinks | null {
  const parsed = traceMetadata.safeParse(metadata);
  if (!parsed.success) return null;
  const { traceId, spansUrl, url } = parsed.data.trace;
  const configured = traceUrlTemplate !== undefined && OTLP_TRACE_ID.test(traceId) ? tracePageUrl(traceUrlTemplate, traceId) : null;
  return {
    traceId,
    spansHref: spansUrl === undefined ? null : sameOriginPath(spansUrl),
    tracingUiHref: url !== undefined && url === configured ? url : null,
  };
}
