import { z } from "zod";
import { uploadFileName } from "@/lib/transcripts/schemas/transcripts";

/** `POST /api/references?file=refs.jsonl`: the file's name, for its errors. */
export const referencesQuerySchema = z.object({ file: uploadFileName.optional() });

const target = z.object({ kind: z.enum(["task_id", "name", "transcript_id"]), value: z.string() });

/** What `POST /api/references` answers, as the upload page reads it. */
export const referencesReportSchema = z.object({
  file: z.string(),
  attached: z.array(z.object({ line: z.number(), target, transcripts: z.number() })),
  unmatched: z.array(z.object({ line: z.number(), target })),
  rejected: z.array(z.object({ file: z.string(), line: z.number(), path: z.string(), message: z.string() })),
  counts: z.object({ attached: z.number(), transcripts: z.number(), unmatched: z.number(), rejected: z.number() }),
});

export type ReferencesReportBody = z.infer<typeof referencesReportSchema>;
