import type { TextEvidence } from "../evidence";

/**
 * Whether an argument value is supported by what the model could see: the system and user
 * messages, earlier tool results, and the tool's own schema (default, enum, description).
 * A value can be fully supported, doubtful (penalty > 0, "weak") or unsupported.
 */
export type Grounding =
  | { status: "grounded"; how: string; basis: GroundingBasis }
  | {
      status: "weak" | "ungrounded";
      penalty: number;
      reason: string;
      evidence: string;
      /** Nothing in the conversation relates to the value: the agent supplied it (not a conversion, a partial match or a value the request gives for another reading). */
      invented?: true;
    };

/**
 * What supports a grounded value: the conversation (it carries information the call needs), the
 * tool's schema (a default, an allowed value), or nothing either way (null, a flag left unset).
 */
export type GroundingBasis = "conversation" | "schema" | "neutral";

export const grounded = (how: string, basis: GroundingBasis = "conversation"): Grounding => ({ status: "grounded", how, basis });

/** The text a finding cites as what the value was compared with. */
export function where(sources: TextEvidence[]): string {
  const main = sources.find((source) => source.label.startsWith("user")) ?? sources[0];
  return main ? main.cited : "no user message";
}

export function phraseSource(phrase: string, sources: TextEvidence[]): TextEvidence | undefined {
  return phrase.trim() ? sources.find((source) => source.phrase.includes(phrase)) : undefined;
}

export const userSources = (sources: TextEvidence[]) => sources.filter((source) => source.label.startsWith("user"));
