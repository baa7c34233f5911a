import { z } from "zod";
import { REFERENCE_REASON_CODES } from "@/lib/references/reason-codes";
import { pageParam, pageSizeParam } from "@/lib/platform/table-query";
import { TRANSCRIPT_GROUPS } from "@/lib/transcripts/schemas/transcripts";
import { optionalUrlId, optionalUrlText } from "@/lib/platform/schemas/url-text";

// An empty value (`?min=`) is no bound: coerced, it would read as 0 and narrow the view.
const unit = z.string().trim().min(1).pipe(z.coerce.number<string>().min(0).max(1)).optional().catch(undefined);

/** A time in the URL: an ISO date and time; anything else is no bound. */
const arrivedAt = z.iso.datetime({ offset: true }).optional().catch(undefined);

export const RUN_VIEW_SORTS = ["transcript", "tool", "score"] as const;
export const VERDICT_FILTERS = ["pass", "fail", "na", "error"] as const;
/**
 * Where a call stands in review: `none` (no result of it queued), `open` (queued, not started),
 * `in-review`, `done`, or `disputed` (a reviewer disagreed with the judge, whatever the status).
 */
export const REVIEW_FILTERS = ["none", "open", "in-review", "done", "disputed"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
/**
 * What the run page can group its results by: a metadata field of their transcripts, as the
 * transcripts list can, or the tool of their calls, which only results of calls have.
 */
export const RUN_GROUPS = [...TRANSCRIPT_GROUPS, "tool"] as const;
export type RunGroupField = (typeof RUN_GROUPS)[number];

/**
 * The run page's view as it lives in the URL, so a filtered view can be shared as a link; the
 * tool-call page's previous/next and the export use the same view. A bad parameter falls back to
 * its default instead of breaking the page.
 */
export const runViewSchema = z.object({
  /** Scope of verdict, score, changed and review filters, and the criterion a score sort uses. */
  criterion: optionalUrlId,
  /** Which results the verdict, score and review filters look at; both when absent. */
  mode: z.enum(["immediate", "hindsight"]).optional().catch(undefined),
  tool: optionalUrlText,
  verdict: z.enum(VERDICT_FILTERS).optional().catch(undefined),
  min: unit,
  max: unit,
  /** "1": only calls whose verdict changed between immediate and hindsight. */
  changed: z.enum(["1"]).optional().catch(undefined),
  /** Calls by review status, scoped like the verdict filter by criterion and mode. */
  review: z.enum(REVIEW_FILTERS).optional().catch(undefined),
  q: optionalUrlText,
  /** Calls the reference check failed for this reason (lib/references): `wrong_value`, `unexpected_call`… */
  reason: z.enum(REFERENCE_REASON_CODES).optional().catch(undefined),
  /** The transcripts' metadata (lib/transcripts/metadata-fields.ts): calls of transcripts with this model, task, tag or outcome. */
  model: optionalUrlText,
  task: optionalUrlText,
  tag: optionalUrlText,
  outcome: z.enum(["success", "failure", "unknown"]).optional().catch(undefined),
  /** The service the transcripts came from, and the prompt version they name: a monitor's trend split by one links here. */
  service: optionalUrlText,
  prompt: optionalUrlText,
  /** Calls made from (inclusive) and to (exclusive) these times, ISO: a monitor's trend links one hour or day here. */
  from: arrivedAt,
  to: arrivedAt,
  sort: z.enum(RUN_VIEW_SORTS).catch("transcript"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: pageParam,
  size: pageSizeParam,
  /** Hidden columns, comma-separated ids. */
  hide: optionalUrlText,
  /** The run's results grouped by this metadata field of their transcripts, or by tool, shown above the calls (not a filter). */
  group: z.enum(RUN_GROUPS).optional().catch(undefined),
});

export type RunView = z.infer<typeof runViewSchema>;

/** The filter parameters of a view (not its paging), to carry into links such as previous/next or export. */
export function viewParams(view: RunView, omit: (keyof RunView)[] = ["page", "size", "hide", "group"]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view)) {
    if (value === undefined || omit.includes(key as keyof RunView)) continue;
    if (key === "sort" && value === "transcript") continue;
    if (key === "dir" && value === "asc") continue;
    params.set(key, String(value));
  }
  return params;
}
