import { isDeepStrictEqual } from "node:util";
import { toolKind } from "@/lib/judging/judges/checks/tool-kind";
import type { CanonicalTranscript } from "@/lib/transcripts/types";

// The objective label of npm run bench:subjects, computed apart from the judge's repeat checks:
// only what the calls say (names, arguments as JSON, an answer that is an error by its own words)
// decides it. Which tools change state is the one reading it shares with the judge (tool-kind.ts).

/** A tool answer that is an error, by its own words: "Error: …" or a JSON object with an error field. */
function isErrorAnswer(content: string): boolean {
  const text = content.trim();
  if (/^error\b/i.test(text)) return true;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && ("error" in parsed || "errors" in parsed);
  } catch {
    return false;
  }
}

function parsedArguments(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Per call of the transcript, in site order: whether it repeats an answered read with nothing changed since. */
export function repeatLabels(transcript: CanonicalTranscript): boolean[] {
  const answers = new Map<string, string>();
  for (const message of transcript.messages) if (message.role === "tool") answers.set(message.tool_call_id, message.content ?? "");
  const changes = new Set(transcript.tools.filter((tool) => toolKind(tool).changesState).map((tool) => tool.function.name));
  const seen: { name: string; args: unknown; answered: boolean; change: boolean; message: number }[] = [];
  const labels: boolean[] = [];
  transcript.messages.forEach((message, index) => {
    if (message.role !== "assistant") return;
    for (const call of message.tool_calls ?? []) {
      const name = call.function.name;
      const args = parsedArguments(call.function.arguments);
      let repeat = false;
      if (!changes.has(name)) {
        for (let at = seen.length - 1; at >= 0; at--) {
          const earlier = seen[at];
          if (earlier.change && earlier.answered) break;
          if (earlier.message === index || earlier.change || !earlier.answered) continue;
          if (earlier.name === name && isDeepStrictEqual(earlier.args, args)) {
            repeat = true;
            break;
          }
        }
      }
      labels.push(repeat);
      const answer = answers.get(call.id);
      seen.push({ name, args, answered: answer !== undefined && !isErrorAnswer(answer), change: changes.has(name), message: index });
    }
  });
  return labels;
}
