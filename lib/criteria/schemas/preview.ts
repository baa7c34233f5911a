import { z } from "zod";
import { criterionTextSchema } from "@/lib/criteria/parse";
import { RUN_MODES, runSelectionSchema } from "@/lib/runs/schemas/runs";
import { RUN_JUDGE_KINDS } from "@/lib/runs/schemas/start-run";

/** Calls a preview judges: a handful, so that it answers on the request path (and costs little with a paid judge). */
export const PREVIEW_CALLS = 5;
/** Criteria per preview: with a paid judge every one costs PREVIEW_CALLS requests per mode. */
export const MAX_PREVIEW_CRITERIA = 10;

/**
 * What a preview asks for: criteria as text (stored or not), the judge by its kind (the server
 * builds it from its own environment, as for runs), the mode, and where calls come from (the
 * new-run form's selection; the most recent transcripts when absent).
 */
export const previewRequestSchema = z.object({
  criteria: z
    .array(criterionTextSchema)
    .min(1, "Pick or write at least one criterion to preview.")
    .transform((texts) => [...new Set(texts.map((text) => text.trim()))])
    .pipe(z.array(z.string()).max(MAX_PREVIEW_CRITERIA, `A preview covers at most ${MAX_PREVIEW_CRITERIA} criteria: pick fewer.`)),
  judgeKind: z.enum(RUN_JUDGE_KINDS),
  mode: z.enum(RUN_MODES),
  selection: runSelectionSchema.optional(),
});
export type PreviewRequest = z.input<typeof previewRequestSchema>;
export type ParsedPreviewRequest = z.output<typeof previewRequestSchema>;

/** One call × criterion × view, as judged by the preview; nothing of it is stored. */
export interface PreviewRow {
  transcriptId: string;
  transcriptName: string;
  toolCallId: string;
  ordinal: number;
  toolName: string;
  criterion: string;
  scale: "binary" | "continuous";
  mode: "immediate" | "hindsight";
  status: "done" | "not-applicable" | "error";
  score: number | null;
  passed: boolean | null;
  /** The judge's explanation, or for an error what went wrong. */
  explanation: string;
  measuredBy: string[];
  /** An earlier run's stored result with the same cache key, rather than a new request to the judge. */
  cached: boolean;
}

/**
 * How the calls shown were chosen. "screened": the built-in checks ran on `looked` stored calls
 * and `applicable` of those shown are ones a criterion applies to; "sampled": the checks measure
 * none of the criteria, so nothing told the calls apart and they are a sample of the most recent.
 */
export type PreviewChoice = { kind: "screened"; looked: number; applicable: number } | { kind: "sampled" };

export type PreviewState =
  | { ok: true; judgeId: string; calls: number; choice: PreviewChoice; rows: PreviewRow[] }
  | { ok: false; message: string };
