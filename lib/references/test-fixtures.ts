import type { CallToMatch, ToolToMatch } from "./match";
import { parsePyJson } from "./py-json";
import { readReference } from "./read-reference";
import type { Reference } from "./types";

/** A reference from its JSON text, read as an upload reads it (floats stay floats). */
export function referenceFrom(text: string): Reference {
  const py = parsePyJson(text);
  if (!py.ok) throw new Error(py.message);
  const read = readReference(JSON.parse(text), py.value);
  if (!read.ok) throw new Error(read.issues.map((issue) => issue.message).join("; "));
  return read.reference;
}

/** Calls in turns: each inner list is one assistant message; `!` after a name marks an error response. */
export function callsIn(turns: readonly (readonly [string, string][])[]): CallToMatch[] {
  let ordinal = 0;
  return turns.flatMap((turn, turnIndex) =>
    turn.map(([name, rawArguments]) => ({ ordinal: ++ordinal, messageIndex: turnIndex * 2 + 1, name: name.replace(/!$/, ""), rawArguments, failed: name.endsWith("!"), respondedAt: turnIndex * 2 + 2 })),
  );
}

export const tool = (name: string, properties: Record<string, unknown>, required: string[] = []): ToolToMatch => ({ name, parameters: { type: "object", properties, required } });
