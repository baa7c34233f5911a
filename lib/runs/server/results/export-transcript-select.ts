/** The transcript columns an export reads. */
export interface ExportTranscript {
  name: string;
  model: string | null;
  taskId: string | null;
  trial: string | null;
  tags: string | null;
  reward: number | null;
  success: boolean | null;
}

export const EXPORT_TRANSCRIPT_SELECT = { name: true, model: true, taskId: true, trial: true, tags: true, reward: true, success: true } as const;
