/** A transcript's outcome fields as every exported result carries them, so results join to outcome without a second source. */
export interface TranscriptExportFields {
  model: string | null;
  task_id: string | null;
  trial: string | null;
  tags: string[];
  reward: number | null;
  success: boolean | null;
}

export const TRANSCRIPT_EXPORT_COLUMNS = ["model", "task_id", "trial", "tags", "reward", "success"] as const satisfies readonly (keyof TranscriptExportFields)[];

/** The transcript's stored metadata columns, as exported. */
export function transcriptExportFields(row: { model: string | null; taskId: string | null; trial: string | null; tags: string[]; reward: number | null; success: boolean | null }): TranscriptExportFields {
  return { model: row.model, task_id: row.taskId, trial: row.trial, tags: row.tags, reward: row.reward, success: row.success };
}
