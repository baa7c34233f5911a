import { z } from "zod";
import { RUN_MODES, runSelectionSchema } from "./runs";

/**
 * What the new-run form sends. The judge is named only by its kind: the server builds its
 * settings from its own environment, so a browser can never point the server at another endpoint.
 */
export const startRunFormSchema = z.object({
  name: z.string().max(120, "A run name is at most 120 characters.").optional(),
  selection: runSelectionSchema,
  criterionIds: z.array(z.string()).min(1, "Pick at least one criterion."),
  judgeKind: z.enum(["checks", "openai", "anthropic", "composo"]),
  mode: z.enum(RUN_MODES),
});
export type StartRunForm = z.input<typeof startRunFormSchema>;

export type StartRunState = { ok: true; runId: string } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };
