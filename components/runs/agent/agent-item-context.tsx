import { FindingsList } from "@/components/runs/results/finding-item";
import { ResultBadge } from "@/components/runs/result-badge";
import { ConversationView } from "@/components/transcripts/transcript/conversation-view";
import type { Finding } from "@/lib/judging/judges/types";
import { plural } from "@/lib/platform/format";
import type { ConversationBlock } from "@/lib/transcripts/conversation";
import type { ImportWarning } from "@/lib/transcripts/import-types";

interface Props {
  criterion: { id: string; text: string; title: string | null; scale: string };
  result: { status: string; score: number | null; passed: boolean | null; explanation: string | null; findings: readonly Finding[] };
  judgeId: string | null;
  blocks: ConversationBlock[];
  warnings: ImportWarning[];
}

/** Messages left open at each end of the transcript: the task as asked and how the agent ended; the middle stays folded. */
const OPEN_AT_START = 2;
const OPEN_AT_END = 3;

/**
 * An agent-level result under review: the judge's verdict, explanation and evidence on the whole
 * transcript, then the transcript itself, compact (its start and end open, the middle folded).
 */
export function AgentItemContext({ criterion, result, judgeId, blocks, warnings }: Props) {
  const folded = blocks.length > OPEN_AT_START + OPEN_AT_END;
  const start = folded ? blocks.slice(0, OPEN_AT_START) : blocks;
  const middle = folded ? blocks.slice(OPEN_AT_START, blocks.length - OPEN_AT_END) : [];
  const end = folded ? blocks.slice(-OPEN_AT_END) : [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="agent-verdict-heading" id={`criterion-${criterion.id}`} className="rounded-lg bg-white p-4 ring-2 ring-indigo-300" data-testid="reviewed-criterion">
        <h2 id="agent-verdict-heading" className="text-lg font-semibold">The judge on the whole transcript</h2>
        <p className="mt-1 text-sm text-slate-700" title={criterion.text}>{criterion.title ?? criterion.text}</p>
        <p className="mt-2 flex items-center gap-2 text-sm">
          <ResultBadge status={result.status} score={result.score} passed={result.passed} scale={criterion.scale} />
          {judgeId ? <span className="font-mono text-xs text-slate-500">{judgeId}</span> : null}
        </p>
        <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Explanation</h3>
        <p className="whitespace-pre-wrap break-words text-sm" data-testid="agent-explanation">{result.explanation ?? <span className="italic text-slate-500">None given.</span>}</p>
        <h3 className="mt-3 mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Findings and evidence</h3>
        <FindingsList findings={result.findings} label="Findings on the transcript" />
      </section>
      <section aria-labelledby="transcript-heading" className="space-y-3">
        <h2 id="transcript-heading" className="text-lg font-semibold">The transcript ({plural(blocks.length, "message")})</h2>
        <ConversationView blocks={start} warnings={warnings} />
        {middle.length > 0 ? (
          <details className="rounded-lg border border-slate-200 bg-white">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium">The middle of the transcript ({plural(middle.length, "message")})</summary>
            <div className="border-t border-slate-100 p-3">
              <ConversationView blocks={middle} warnings={warnings} />
            </div>
          </details>
        ) : null}
        {end.length > 0 ? <ConversationView blocks={end} warnings={warnings} /> : null}
      </section>
    </div>
  );
}
