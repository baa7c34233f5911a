import { z } from "zod";
import { MAX_RUN_CRITERIA, RUN_MODES, type RunMode, type RunSelection } from "./runs";

export const RUN_JUDGE_KINDS = ["checks", "openai", "anthropic", "composo"] as const;
export type RunJudgeKind = (typeof RUN_JUDGE_KINDS)[number];

/**
 * What starting a run asks for, from the form or the API: the criteria are ids or criterion
 * texts (resolved by the service), the judge is named by its kind only (the server builds its
 * settings from its own environment, so a caller can never point it at another endpoint).
 */
export interface StartRunRequest {
  name?: string;
  selection: RunSelection;
  criteria: string[];
  judge: RunJudgeKind;
  mode: RunMode;
}

const id = z.string().trim().min(1, "expected a non-empty id").max(100, "expected an id of at most 100 characters");

const transcriptsSchema = z.union(
  [
    z.literal("all").transform((): RunSelection => ({ kind: "all" })),
    z.strictObject({ upload: id }).transform(({ upload }): RunSelection => ({ kind: "upload", uploadId: upload })),
    z
      .strictObject({
        ids: z
          .array(id)
          .min(1, "expected at least one transcript id")
          .max(100_000, "expected at most 100,000 transcript ids")
          .transform((ids) => [...new Set(ids)]),
      })
      .transform(({ ids }): RunSelection => ({ kind: "transcripts", ids })),
  ],
  { error: 'expected "all", {"upload": "<upload id>"} or {"ids": ["<transcript id>", …]}' },
);

/** A criterion id or a criterion's text; which one it is, the service decides against the library. */
const criterionRef = z.string().trim().min(1, "expected a criterion id or a criterion text").max(2000, "expected at most 2,000 characters");

/** `POST /api/runs`. Unknown keys are refused: a misspelt "criterion" must not start a run without it. */
export const createRunRequestSchema = z
  .strictObject({
    name: z.string().trim().max(120, "expected a run name of at most 120 characters").optional(),
    transcripts: transcriptsSchema,
    criteria: z
      .array(criterionRef)
      .min(1, "expected at least one criterion id or text")
      .transform((refs) => [...new Set(refs)])
      .pipe(z.array(criterionRef).max(MAX_RUN_CRITERIA, `expected at most ${MAX_RUN_CRITERIA} distinct criteria`)),
    judge: z.enum(RUN_JUDGE_KINDS, { error: `expected one of ${RUN_JUDGE_KINDS.map((k) => `"${k}"`).join(", ")}` }).default("checks"),
    mode: z.enum(RUN_MODES, { error: `expected one of ${RUN_MODES.map((m) => `"${m}"`).join(", ")}` }).default("auto"),
  })
  .transform(
    ({ name, transcripts, criteria, judge, mode }): StartRunRequest => ({ ...(name ? { name } : {}), selection: transcripts, criteria, judge, mode }),
  );

export type CreateRunRequestInput = z.input<typeof createRunRequestSchema>;
