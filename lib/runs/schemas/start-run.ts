import { z } from "zod";
import { RUN_MODES, runSelectionSchema } from "./runs";
import { RUN_JUDGE_KINDS } from "./runs-api";

/**
 * What the new-run form sends. The judge is named only by its kind: the server builds its
 * settings from its own environment, so a browser can never point the server at another endpoint.
 */
export const startRunFormSchema = z.object({
  name: z
    .string()
    .trim()
    .max(120, "A run name is at most 120 characters.")
    .optional()
    .transform((value) => (value ? value : undefined)),
  selection: runSelectionSchema,
  criterionIds: z.array(z.string()).min(1, "Pick at least one criterion."),
  judgeKind: z.enum(RUN_JUDGE_KINDS),
  mode: z.enum(RUN_MODES),
});
export type StartRunForm = z.input<typeof startRunFormSchema>;

/** Only a refusal comes back: a started run redirects to its page. */
export type StartRunState = { ok: false; message: string; fieldErrors?: Record<string, string[]> };
