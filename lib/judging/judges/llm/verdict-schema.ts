import { z } from "zod";
import type { CriterionScale } from "@/lib/criteria/parse";
import type { Severity } from "@/lib/judging/judges/types";

/** The name of the structured output (OpenAI json_schema name, Anthropic tool name). */
export const VERDICT_TOOL_NAME = "record_verdict";

export const SEVERITIES: readonly Severity[] = ["info", "minor", "major", "critical"];

// Models write "Major" or "MAJOR" now and then; the case carries no meaning.
const severitySchema = z.preprocess((value) => (typeof value === "string" ? value.trim().toLowerCase() : value), z.enum(["info", "minor", "major", "critical"]));

const findingSchema = z.object({
  check: z.string().trim().min(1),
  severity: severitySchema,
  path: z.string().nullish(),
  message: z.string().trim().min(1),
  evidence: z.string().nullish(),
});

const common = {
  explanation: z.string().trim().min(1, "explanation is empty"),
  findings: z.array(findingSchema).default([]),
  applicable: z.boolean(),
};

export const continuousVerdictSchema = z.object({ ...common, score: z.number().nullable() });
export const binaryVerdictSchema = z.object({ ...common, passed: z.boolean().nullable() });

export type ContinuousVerdict = z.infer<typeof continuousVerdictSchema>;
export type BinaryVerdict = z.infer<typeof binaryVerdictSchema>;
export type VerdictFinding = z.infer<typeof findingSchema>;

export function verdictSchemaFor(scale: CriterionScale): typeof continuousVerdictSchema | typeof binaryVerdictSchema {
  return scale === "continuous" ? continuousVerdictSchema : binaryVerdictSchema;
}

type JsonSchema = { [key: string]: unknown };

/** An object schema, typed so that it fits both OpenAI's json_schema and Anthropic's input_schema. */
export type VerdictJsonSchema = {
  type: "object";
  additionalProperties: false;
  required: string[];
  properties: Record<string, JsonSchema>;
};

const findingJsonSchema: JsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["check", "severity", "path", "message", "evidence"],
  properties: {
    check: { type: "string", description: "Short kebab-case id of the problem, e.g. \"ungrounded-value\" or \"wrong-tool\"." },
    severity: { type: "string", enum: [...SEVERITIES] },
    path: { type: ["string", "null"], description: "Argument path such as \"location\" or \"items[0].id\"; null for the call as a whole." },
    message: { type: "string", description: "What is wrong, in one sentence." },
    evidence: { type: ["string", "null"], description: "The exact value and the transcript text it was compared with, quoted." },
  },
};

/**
 * The JSON Schema sent to the model, written out by hand because it is the contract with the
 * provider: strict mode (OpenAI) needs every property required and no extra properties, so
 * optional values are nullable instead. The explanation comes first so the model reasons before
 * it commits to a verdict.
 */
export function verdictJsonSchema(scale: CriterionScale): VerdictJsonSchema {
  const verdict: Record<string, JsonSchema> =
    scale === "continuous"
      ? { score: { type: ["number", "null"], description: "In [0, 1] with the meaning the criterion's prefix gives it; null only when not applicable." } }
      : { passed: { type: ["boolean", "null"], description: "Whether the call passes, with the meaning the criterion's prefix gives it; null only when not applicable." } };
  return {
    type: "object",
    additionalProperties: false,
    required: ["explanation", "findings", "applicable", ...Object.keys(verdict)],
    properties: {
      explanation: { type: "string", description: "Two to four sentences: the evidence you relied on and how it leads to the verdict." },
      findings: { type: "array", description: "Concrete problems found in the call; empty when there are none.", items: findingJsonSchema },
      applicable: { type: "boolean", description: "false when the criterion does not concern this call or cannot be judged from what you see." },
      ...verdict,
    },
  };
}
