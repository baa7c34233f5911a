import { z } from "zod";

/**
 * The body of `POST /api/v1/evals/reward` and `/binary`, as the evaluation API defines it:
 * `{messages, tools, evaluation_criteria}`. Only the envelope is checked here; the messages and
 * tools go through the transcript importer, which reports problems with their exact path.
 * Other keys (model, metadata, ...) are allowed and ignored, as the importer does.
 */
export const evalRequestSchema = z
  .looseObject({
    messages: z.array(z.unknown()),
    tools: z.array(z.unknown()).nullish(),
    evaluation_criteria: z.union([z.string(), z.array(z.string())]),
  })
  .superRefine((body, ctx) => {
    const criteria = body.evaluation_criteria;
    if (Array.isArray(criteria) && criteria.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["evaluation_criteria"],
        message: `exactly one criterion per request, got ${criteria.length}; send one request per criterion`,
      });
    }
  })
  .transform((body) => ({
    criterion: (Array.isArray(body.evaluation_criteria) ? body.evaluation_criteria[0] : body.evaluation_criteria).trim(),
    request: body as Record<string, unknown>,
  }));

export type EvalRequest = z.output<typeof evalRequestSchema>;
