import Link from "next/link";
import { ConversationView } from "@/components/transcripts/transcript/conversation-view";
import { FoldedText } from "@/components/ui/fold/folded-text";
import { ToolCallCard } from "@/components/transcripts/transcript/tool-call-card";
import { plural } from "@/lib/platform/format";
import type { CallView, ConversationBlock } from "@/lib/transcripts/conversation";
import type { ImportWarning } from "@/lib/transcripts/import-types";

interface Props {
  before: ConversationBlock[];
  /** The assistant message that made the call, with the calls made in parallel with it. */
  at: { content: string | null; calls: CallView[] } | null;
  after: ConversationBlock[];
  ordinal: number;
  warnings: ImportWarning[];
  /** Pages of the calls made in the same message, by ordinal, when the run judged them. */
  siblingHrefs: Record<number, string>;
}

/** Messages shown open next to the call: what a reviewer reads first; the rest stays folded. */
const NEAR_BEFORE = 3;
const NEAR_AFTER = 2;

function Folded({ id, title, blocks, warnings }: { id: string; title: string; blocks: ConversationBlock[]; warnings: ImportWarning[] }) {
  if (blocks.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 bg-white" id={id}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
        {title} ({plural(blocks.length, "message")})
      </summary>
      <div className="border-t border-slate-100 p-3">
        <ConversationView blocks={blocks} warnings={warnings} />
      </div>
    </details>
  );
}

function Near({ id, title, blocks, warnings }: { id: string; title: string; blocks: ConversationBlock[]; warnings: ImportWarning[] }) {
  if (blocks.length === 0) return null;
  return (
    <section aria-label={title} id={id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <ConversationView blocks={blocks} warnings={warnings} />
    </section>
  );
}

/** The judged call in its transcript: what came before (what the immediate judge saw), the call and its response, and what followed. */
export function CallContext({ before, at, after, ordinal, warnings, siblingHrefs }: Props) {
  const call = at?.calls.find((candidate) => candidate.ordinal === ordinal) ?? null;
  const siblings = at?.calls.filter((candidate) => candidate.ordinal !== ordinal) ?? [];
  const callWarnings = call ? warnings.filter((warning) => warning.location.callId === call.callId) : [];
  return (
    <section aria-labelledby="call-heading" className="space-y-3">
      <h2 id="call-heading" className="text-lg font-semibold">The call in its transcript</h2>
      {before.length === 0 ? <p className="text-sm italic text-slate-500">The call opens the transcript.</p> : null}
      <Folded id="before-call" title="Earlier in the transcript" blocks={before.slice(0, Math.max(0, before.length - NEAR_BEFORE))} warnings={warnings} />
      <Near id="just-before" title="Just before the call" blocks={before.slice(-NEAR_BEFORE)} warnings={warnings} />
      {at?.content ? (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <div className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Assistant, with the call</div>
          <FoldedText text={at.content} className="whitespace-pre-wrap break-words text-sm" />
        </div>
      ) : null}
      {call ? <ToolCallCard call={call} warnings={callWarnings} /> : <p className="text-sm text-rose-700">The call is no longer where the transcript says it was.</p>}
      {siblings.length > 0 ? (
        <p className="text-sm text-slate-700">
          Made in parallel with{" "}
          {siblings.map((sibling, i) => (
            <span key={sibling.ordinal}>
              {i > 0 ? ", " : null}
              {siblingHrefs[sibling.ordinal] ? (
                <Link href={siblingHrefs[sibling.ordinal]} className="font-mono text-indigo-700 hover:underline">
                  #{sibling.ordinal} {sibling.toolName}
                </Link>
              ) : (
                <span className="font-mono">
                  #{sibling.ordinal} {sibling.toolName}
                </span>
              )}
            </span>
          ))}
          .
        </p>
      ) : null}
      <Near id="just-after" title="Right after the call" blocks={after.slice(0, NEAR_AFTER)} warnings={warnings} />
      <Folded id="after-call" title="Later in the transcript" blocks={after.slice(NEAR_AFTER)} warnings={warnings} />
    </section>
  );
}
