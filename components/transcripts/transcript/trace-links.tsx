import { transcriptTraceLinks } from "@/lib/transcripts/trace-links";

/**
 * For a transcript made from a trace: its id, and links back to its spans and to a tracing UI.
 * The metadata comes from uploads, so only links to this site and to `traceUrlTemplate`
 * (CALLBOARD_TRACE_URL) are drawn (lib/transcripts/trace-links.ts).
 */
export function TraceLinks({ metadata, traceUrlTemplate }: { metadata: unknown; traceUrlTemplate: string | undefined }) {
  const links = transcriptTraceLinks(metadata, traceUrlTemplate);
  if (!links) return null;
  const { traceId, spansHref, tracingUiHref } = links;
  return (
    <p className="mb-4 text-sm text-slate-700" aria-label="Trace">
      From trace <code className="font-mono">{traceId}</code>
      {spansHref ? (
        <>
          {" · "}
          <a href={spansHref} className="text-indigo-700 hover:underline">received spans</a>
        </>
      ) : null}
      {tracingUiHref ? (
        <>
          {" · "}
          <a href={tracingUiHref} className="text-indigo-700 hover:underline" rel="noreferrer" target="_blank">open in the tracing UI</a>
        </>
      ) : null}
    </p>
  );
}
