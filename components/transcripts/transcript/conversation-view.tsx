import { FoldedText } from "@/components/ui/fold/folded-text";
import type { CallVerdicts } from "@/lib/runs/results/call-verdict-chip";
import type { ConversationBlock } from "@/lib/transcripts/conversation";
import type { ImportWarning } from "@/lib/transcripts/import-types";
import { ResponseBody } from "./response-body";
import { ToolCallCard } from "./tool-call-card";
import { WarningList } from "./warning-list";

const roleStyle: Record<string, string> = {
  system: "border-slate-300 bg-slate-100",
  user: "border-sky-200 bg-sky-50",
  assistant: "border-slate-200 bg-white",
  tool: "border-amber-300 bg-amber-50",
};

function RoleLabel({ role, index, name }: { role: string; index: number; name?: string }) {
  return (
    <div className="mb-1 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
      <span>{role}</span>
      {name ? <span className="normal-case">({name})</span> : null}
      <span className="font-normal normal-case text-slate-600">message {index}</span>
    </div>
  );
}

/** The conversation in order; transcript text is rendered as text, never as markup. */
export function ConversationView({ blocks, warnings, callVerdicts }: { blocks: ConversationBlock[]; warnings: ImportWarning[]; /** By call ordinal: the verdicts each call card shows. */ callVerdicts?: Readonly<Record<number, CallVerdicts>> }) {
  const forMessage = (index: number) => warnings.filter((w) => w.location.messageIndex === index && !w.location.callId);
  const forCall = (callId: string, index: number) => warnings.filter((w) => w.location.callId === callId && (w.location.messageIndex === undefined || w.location.messageIndex === index));
  return (
    <ol className="space-y-4" aria-label="Conversation">
      {blocks.map((block) => (
        <li key={block.index} id={`message-${block.index}`}>
          {block.kind === "message" ? (
            <div className={`rounded-lg border p-3 ${roleStyle[block.role]}`}>
              <RoleLabel role={block.role} index={block.index} name={block.name} />
              {block.content ? <FoldedText text={block.content} className="whitespace-pre-wrap break-words text-sm" /> : <p className="text-sm italic text-slate-500">(empty)</p>}
            </div>
          ) : block.kind === "calls" ? (
            <div className="rounded-lg border border-slate-200 bg-white p-3">
              <RoleLabel role="assistant" index={block.index} />
              {block.content ? <div className="mb-3"><FoldedText text={block.content} className="whitespace-pre-wrap break-words text-sm" /></div> : null}
              {block.calls.length > 1 ? (
                <p className="mb-2 text-xs font-medium text-indigo-700">{block.calls.length} parallel tool calls</p>
              ) : null}
              <div className={block.calls.length > 1 ? "space-y-3 border-l-4 border-indigo-300 pl-3" : "space-y-3"} role="group" aria-label={block.calls.length > 1 ? `${block.calls.length} parallel tool calls` : "Tool call"}>
                {block.calls.map((call) => (
                  <ToolCallCard key={call.ordinal} call={call} warnings={forCall(call.callId, block.index)} verdicts={callVerdicts?.[call.ordinal]} />
                ))}
              </div>
            </div>
          ) : (
            <div className={`rounded-lg border p-3 ${roleStyle.tool}`}>
              <RoleLabel role="tool" index={block.index} />
              <p className="mb-1 text-xs text-amber-900">Answers call id <span className="font-mono">{block.toolCallId}</span>, which no call has.</p>
              <ResponseBody content={block.content} />
            </div>
          )}
          {forMessage(block.index).length > 0 ? (
            <div className="mt-2">
              <WarningList warnings={forMessage(block.index)} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
