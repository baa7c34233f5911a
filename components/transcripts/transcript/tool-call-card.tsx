import { CallVerdictChips } from "@/components/runs/call-verdict-chips";
import type { CallVerdicts } from "@/lib/runs/results/call-verdict-chip";
import type { CallView } from "@/lib/transcripts/conversation";
import type { ImportWarning } from "@/lib/transcripts/import-types";
import { ResponseBody } from "./response-body";
import { WarningList } from "./warning-list";

/**
 * One tool call: its number, tool, id, its verdicts from a run when given (each a link to the
 * result), arguments (pretty, or raw when not JSON) and the response beside it.
 */
export function ToolCallCard({ call, warnings, verdicts }: { call: CallView; warnings: ImportWarning[]; verdicts?: CallVerdicts }) {
  return (
    <article
      id={`call-${call.ordinal}`}
      aria-label={`Tool call ${call.ordinal}: ${call.toolName}`}
      className="rounded-lg border border-indigo-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-indigo-100 bg-indigo-50 px-3 py-2 text-sm">
        <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">#{call.ordinal}</span>
        <span className="font-mono font-semibold">{call.toolName}</span>
        <span className="font-mono text-xs text-slate-600">id {call.callId}</span>
      </header>
      {verdicts?.chips.length ? <CallVerdictChips verdicts={verdicts} /> : null}
      <div className="grid gap-0 md:grid-cols-2">
        <section className="min-w-0 p-3" aria-label="Arguments">
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Arguments</h4>
          {call.prettyArguments !== null ? (
            <pre className="relative overflow-x-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs">{call.prettyArguments}</pre>
          ) : (
            <>
              <p className="mb-1 text-xs text-rose-700">Not valid JSON, shown as sent:</p>
              <pre className="relative overflow-x-auto whitespace-pre-wrap break-words rounded bg-rose-50 p-2 font-mono text-xs">{call.rawArguments}</pre>
            </>
          )}
        </section>
        <section className="min-w-0 border-t border-indigo-100 p-3 md:border-l md:border-t-0" aria-label="Tool response">
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Response</h4>
          {call.response ? (
            <ResponseBody content={call.response.content} />
          ) : (
            <p className="text-sm italic text-slate-500">No tool response in the transcript.</p>
          )}
        </section>
      </div>
      {warnings.length > 0 ? (
        <div className="border-t border-amber-200 p-3">
          <WarningList warnings={warnings} />
        </div>
      ) : null}
    </article>
  );
}
