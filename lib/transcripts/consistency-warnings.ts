import type { ImportWarning } from "./import-types";
import { findJsonSyntaxError } from "./json-syntax";
import type { CanonicalTranscript, ToolCallSite } from "./types";

/**
 * Problems that leave a transcript usable, found on the canonical shape so that every format
 * is checked the same way. Linking follows `extractToolCallSites`, so warnings and sites agree.
 */
export function consistencyWarnings(transcript: CanonicalTranscript, sites: ToolCallSite[]): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  const declared = new Set(transcript.tools.map((t) => t.function.name));
  const firstCall = new Map<string, ToolCallSite>();

  for (const site of sites) {
    const where = { messageIndex: site.messageIndex, callId: site.callId };
    const call = `call \`${site.callId}\` to \`${site.toolName}\` (message ${site.messageIndex})`;
    const first = firstCall.get(site.callId);
    if (first) {
      warnings.push({
        code: "duplicate_call_id",
        message: `call id \`${site.callId}\` is used again at message ${site.messageIndex} (first at message ${first.messageIndex}); a response links to the first call only`,
        location: where,
      });
    } else firstCall.set(site.callId, site);

    if (site.responseIndex === null) {
      warnings.push({ code: "missing_response", message: `${call} has no tool response`, location: where });
    }
    if (!site.arguments.ok) {
      warnings.push({
        code: "invalid_arguments",
        message: `${call} has arguments that are not valid JSON (${argumentsProblem(site.rawArguments)}); they are kept as written`,
        location: where,
      });
    }
    if (!declared.has(site.toolName)) {
      warnings.push({
        code: "unknown_tool",
        message:
          declared.size === 0
            ? `${call} calls a tool, but the transcript declares no tools`
            : `${call} calls \`${site.toolName}\`, which \`tools\` does not declare`,
        location: where,
      });
    }
  }

  const linked = new Map<number, ToolCallSite>();
  for (const site of sites) if (site.responseIndex !== null) linked.set(site.responseIndex, site);
  const answered = new Map<string, number>();
  for (const site of sites) if (site.responseIndex !== null && !answered.has(site.callId)) answered.set(site.callId, site.responseIndex);

  transcript.messages.forEach((message, index) => {
    if (message.role !== "tool" || linked.has(index)) return;
    const id = message.tool_call_id;
    const where = { messageIndex: index, callId: id };
    const call = firstCall.get(id);
    const answeredAt = answered.get(id);
    if (call && answeredAt !== undefined && answeredAt < index) {
      warnings.push({
        code: "duplicate_response",
        message: `tool response at message ${index} answers \`${id}\` again (first answered at message ${answeredAt}); the first response is used`,
        location: where,
      });
    } else if (call && call.messageIndex > index) {
      warnings.push({
        code: "orphan_response",
        message: `tool response at message ${index} answers \`${id}\`, which is only called later (message ${call.messageIndex})`,
        location: where,
      });
    } else if (call) {
      warnings.push({
        code: "orphan_response",
        message: `tool response at message ${index} answers \`${id}\`, but an earlier response with that id (before the call) takes the link`,
        location: where,
      });
    } else {
      warnings.push({
        code: "orphan_response",
        message: `tool response at message ${index} answers \`${id}\`, which no assistant message called`,
        location: where,
      });
    }
  });
  return warnings;
}

function argumentsProblem(raw: string): string {
  if (raw.trim() === "") return "they are empty";
  const error = findJsonSyntaxError(raw);
  if (!error) return "they do not parse";
  return raw.includes("\n") ? `line ${error.line}, column ${error.column}: ${error.reason}` : `at character ${error.column}: ${error.reason}`;
}
