import { z } from "zod";
import { tableQuerySchema } from "@/lib/table-query";

export const transcriptSortKeys = ["name", "createdAt", "messageCount", "toolCallCount", "warningCount"] as const;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined))
  .catch(undefined);
const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The transcripts list as it lives in the URL: paging, sorting and filters. */
export const transcriptListQuerySchema = tableQuerySchema(transcriptSortKeys, { sort: "createdAt", dir: "desc" }).extend({
  q: optionalText,
  tool: optionalText,
  upload: optionalText,
  warnings: z.enum(["yes", "no"]).optional().catch(undefined),
  from: optionalDate,
  to: optionalDate,
});

export type TranscriptListQuery = z.infer<typeof transcriptListQuerySchema>;
