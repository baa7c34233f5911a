import type { ImportWarning } from "./import-types";
import { findJsonSyntaxError } from "./json-syntax";
import { pairResponses } from "./pair-responses";
import type { CanonicalTranscript, ToolCallSite } from "./types";

/**
 * Problems that leave a transcript usable, found on the canonical shape so that every format
 * is checked the same way. Calls and responses are paired as `extractToolCallSites` pairs them
 * (`pairResponses`), so warnings and sites agree.
 */
export function consistencyWarnings(transcript: CanonicalTranscript, sites: ToolCallSite[]): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  const declared = new Set(transcript.tools.map((t) => t.function.name));
  const callsById = new Map<string, ToolCallSite[]>();

  for (const site of sites) {
    const where = { messageIndex: site.messageIndex, callId: site.callId };
    const call = `call \`${site.callId}\` to \`${site.toolName}\` (message ${site.messageIndex})`;
    const same = callsById.get(site.callId);
    if (same) {
      warnings.push({
        code: "duplicate_call_id",
        message: `call id \`${site.callId}\` is used again at message ${site.messageIndex} (first at message ${same[0].messageIndex}); each response is paired with the nearest earlier unanswered call of that id`,
        location: where,
      });
      same.push(site);
    } else callsById.set(site.callId, [site]);

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

  for (const index of pairResponses(transcript.messages).unmatched) {
    const message = transcript.messages[index];
    if (message.role !== "tool") continue;
    const id = message.tool_call_id;
    const where = { messageIndex: index, callId: id };
    const calls = callsById.get(id) ?? [];
    const earlier = calls.filter((site) => site.messageIndex < index);
    const answered = earlier.filter((site) => site.responseIndex !== null && site.responseIndex < index).at(-1);
    if (answered) {
      warnings.push({
        code: "duplicate_response",
        message: `tool response at message ${index} answers \`${id}\` again (first answered at message ${answered.responseIndex}); the first response is used`,
        location: where,
      });
    } else if (calls.length) {
      warnings.push({
        code: "orphan_response",
        message: `tool response at message ${index} answers \`${id}\`, which is only called later (message ${calls[0].messageIndex})`,
        location: where,
      });
    } else {
      warnings.push({
        code: "orphan_response",
        message: `tool response at message ${index} answers \`${id}\`, which no assistant message called`,
        location: where,
      });
    }
  }
  return warnings;
}

function argumentsProblem(raw: string): string {
  if (raw.trim() === "") return "they are empty";
  const error = findJsonSyntaxError(raw);
  if (!error) return "they do not parse";
  return raw.includes("\n") ? `line ${error.line}, column ${error.column}: ${error.reason}` : `at character ${error.column}: ${error.reason}`;
}
