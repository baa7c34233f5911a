import { z } from "zod";
import { withSystemPrompt } from "@/lib/judging/engine/system-prompt";

/** A system prompt as a string, or as Anthropic's list of text blocks. */
const systemPrompt = z.union([z.string(), z.array(z.looseObject({ type: z.literal("text"), text: z.string() }))]).nullish();
const promptText = (value: z.output<typeof systemPrompt>) => (typeof value === "string" ? value : value?.map((block) => block.text).join("\n"));

/** One criterion per request, as a string or a list of one (the evaluation API accepts both). */
const oneCriterion = z.union([z.string(), z.array(z.string())]).superRefine((criteria, ctx) => {
  if (Array.isArray(criteria) && criteria.length !== 1) {
    ctx.addIssue({ code: "custom", message: `exactly one criterion per request, got ${criteria.length}; send one request per criterion` });
  }
});
const criterionText = (criteria: string | string[]) => (Array.isArray(criteria) ? criteria[0] : criteria).trim();

const samePromptOnce = (body: { system?: z.output<typeof systemPrompt>; system_message?: string | null }, ctx: z.RefinementCtx) => {
  const [a, b] = [promptText(body.system), body.system_message];
  if (a && b && a !== b) ctx.addIssue({ code: "custom", path: ["system_message"], message: "`system` and `system_message` differ: send the system prompt once" });
};

/**
 * The body of `POST /api/v1/evals/reward` and `/binary`, as the evaluation API defines it:
 * `{messages, evaluation_criteria, tools?, system_message?, model_core?}` (`system` too, for
 * Anthropic-style bodies). Only the envelope is checked here; the messages and tools go through
 * the transcript importer, which reports problems with their exact path. `model_core` picks a
 * model of the imitated service and is accepted and ignored: CALLBOARD_API_JUDGE decides. Other
 * keys (model, metadata, ...) are allowed and ignored, as the importer does.
 */
export const evalRequestSchema = z
  .looseObject({
    messages: z.array(z.unknown()),
    tools: z.array(z.unknown()).nullish(),
    evaluation_criteria: oneCriterion,
    system_message: z.string().nullish(),
    system: systemPrompt,
    model_core: z.string().nullish(),
  })
  .superRefine(samePromptOnce)
  .transform((body) => ({
    criterion: criterionText(body.evaluation_criteria),
    request: withSystemPrompt(body, body.system_message || promptText(body.system) || undefined),
  }));

export type EvalRequest = z.output<typeof evalRequestSchema>;

/** What `POST /api/v1/evals/trace` checks of the SDK's `{trace, evaluation_criteria, model_core?}` before reading the trace. */
export const traceEnvelopeSchema = z.looseObject({
  trace: z.unknown(),
  evaluation_criteria: oneCriterion.transform(criterionText),
  model_core: z.string().nullish(),
});
