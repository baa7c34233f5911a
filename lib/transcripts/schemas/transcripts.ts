import { z } from "zod";
import { tableQuerySchema } from "@/lib/platform/table-query";
import { optionalUrlDay, optionalUrlSearch, optionalUrlText } from "@/lib/platform/schemas/url-text";

export const transcriptSortKeys = ["name", "createdAt", "messageCount", "toolCallCount", "warningCount", "reward"] as const;

/** The metadata outcome filter: succeeded, failed, or no outcome in the metadata. */
export const OUTCOME_FILTERS = ["success", "failure", "unknown"] as const;
export type OutcomeFilter = (typeof OUTCOME_FILTERS)[number];
/** What the transcripts list can be grouped by (lib/transcripts/metadata-groups.ts). */
export const TRANSCRIPT_GROUPS = ["model", "task", "tag", "outcome"] as const;
export type TranscriptGroup = (typeof TRANSCRIPT_GROUPS)[number];

/** The transcripts list as it lives in the URL: paging, sorting and filters. */
export const transcriptListQuerySchema = tableQuerySchema(transcriptSortKeys, { sort: "createdAt", dir: "desc" }).extend({
  q: optionalUrlSearch,
  tool: optionalUrlText,
  upload: optionalUrlText,
  warnings: z.enum(["yes", "no"]).optional().catch(undefined),
  from: optionalUrlDay,
  to: optionalUrlDay,
  model: optionalUrlText,
  task: optionalUrlText,
  tag: optionalUrlSearch,
  outcome: z.enum(OUTCOME_FILTERS).optional().catch(undefined),
  group: z.enum(TRANSCRIPT_GROUPS).optional().catch(undefined),
});

export type TranscriptListQuery = z.infer<typeof transcriptListQuerySchema>;

/** An uploaded file's name as a query parameter: named in reports, never a path. */
export const uploadFileName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^/\\]+$/, "must be a file name, not a path");

/** Query of `POST /api/transcripts`: the file name tells JSON Lines from JSON; `upload` adds the file to an earlier upload. */
export const uploadQuerySchema = z.object({
  file: uploadFileName.optional(),
  upload: z.string().trim().min(1).max(64).optional(),
  source: z.enum(["browser", "api", "cli"]).default("api"),
});
