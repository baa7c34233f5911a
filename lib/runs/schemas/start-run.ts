import { z } from "zod";
import { filterText, MAX_RUN_CRITERIA, RUN_MODES, type RunMode, type RunSelection, type runSelectionSchema } from "./runs";

export const RUN_JUDGE_KINDS = ["checks", "openai", "anthropic", "composo"] as const;
export type RunJudgeKind = (typeof RUN_JUDGE_KINDS)[number];

/**
 * What starting a run asks for, from the new-run form or `POST /api/runs`: the criteria are ids or
 * criterion texts (resolved by the service), the judge is named by its kind only (the server builds
 * its settings from its own environment, so a caller can never point it at another endpoint).
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
    // The new-run form's "A filter": the transcripts list's filters, kept on the run as a filter.
    z
      .strictObject({ filter: z.strictObject({ q: filterText, tool: filterText, warnings: z.enum(["yes", "no"]).optional() }) })
      .transform(({ filter }): RunSelection => ({ kind: "filter", ...filter })),
  ],
  { error: 'expected "all", {"upload": "<upload id>"} or {"ids": ["<transcript id>", …]}' },
);

/** A criterion id or a criterion's text; which one it is, the service decides against the library. */
const criterionRef = z.string().trim().min(1, "expected a criterion id or a criterion text").max(2000, "expected at most 2,000 characters");

/**
 * Starting a run: the one schema of the new-run form, its action and `POST /api/runs`, which all
 * send this JSON. Unknown keys are refused: a misspelt "criterion" must not start a run without it.
 */
export const startRunRequestSchema = z
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

/** What the form and API clients send. */
export type StartRunRequestInput = z.input<typeof startRunRequestSchema>;

/** A selection as the request names it (`transcripts`), for the form, which holds it as a RunSelection for previews. */
export function requestTranscripts(selection: z.input<typeof runSelectionSchema>): StartRunRequestInput["transcripts"] {
  switch (selection.kind) {
    case "all":
    case "monitor":
      return "all";
    case "upload":
      return { upload: selection.uploadId };
    case "transcripts":
      return { ids: selection.ids };
    case "filter":
      return { filter: { q: selection.q, tool: selection.tool, warnings: selection.warnings } };
  }
}
