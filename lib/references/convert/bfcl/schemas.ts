import { z } from "zod";

/**
 * The lines of BFCL's data files (JSON Lines despite their `.json` names), as far as a conversion
 * reads them. Other keys are allowed: result files carry latency, token counts and logs.
 */

const message = z.looseObject({ role: z.string().min(1), content: z.unknown() });

const functionDoc = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.looseObject({ properties: z.record(z.string(), z.unknown()).optional() }),
});

export const questionLine = z.looseObject({
  id: z.string().min(1),
  question: z.array(z.array(message), { error: "expected the conversation: a list of turns, each a list of messages" }).min(1, "expected at least one turn"),
  function: z.array(functionDoc, { error: "expected the offered functions: a list of function docs" }),
});

/** `{"func": {"param": [every value that passes]}}`: one expected call. */
const groundTruthCall = z
  .record(z.string(), z.record(z.string(), z.array(z.unknown(), { error: "expected a list of the values that pass (BFCL's possible answer)" }), { error: "expected the parameters' possible values: an object" }))
  .refine((call) => Object.keys(call).length === 1, { error: 'expected one function name per call: {"func": {"param": [values]}}' });

export const answerLine = z.looseObject({
  id: z.string().min(1),
  ground_truth: z.array(groundTruthCall, { error: "expected the possible answer: a list of calls" }),
});

export const resultLine = z.looseObject({
  id: z.string().min(1),
  result: z.unknown().refine((value) => value !== undefined, { error: "is missing: the model's answer" }),
});

export type QuestionLine = z.infer<typeof questionLine>;
