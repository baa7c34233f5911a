import { z } from "zod";

const traceMetadata = z.object({
  trace: z.object({ traceId: z.string(), spansUrl: z.string().startsWith("/").optional(), url: z.string().url().optional() }),
});

/** For a transcript made from a trace: its id, and links back to its spans and to a tracing UI. */
export function TraceLinks({ metadata }: { metadata: unknown }) {
  const parsed = traceMetadata.safeParse(metadata);
  if (!parsed.success) return null;
  const { traceId, spansUrl, url } = parsed.data.trace;
  return (
    <p className="mb-4 text-sm text-slate-700" aria-label="Trace">
      From trace <code className="font-mono">{traceId}</code>
      {spansUrl ? (
        <>
          {" · "}
          <a href={spansUrl} className="text-indigo-700 hover:underline">received spans</a>
        </>
      ) : null}
      {url ? (
        <>
          {" · "}
          <a href={url} className="text-indigo-700 hover:underline" rel="noreferrer" target="_blank">open in the tracing UI</a>
        </>
      ) : null}
    </p>
  );
}
