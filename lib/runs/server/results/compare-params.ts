import { z } from "zod";
import { pageParam, pageSizeParam } from "@/lib/platform/table-query";

export const MAX_COMPARE_RUNS = 2;
export const MAX_COMPARE_CRITERIA = 6;

/** Repeated parameters (`?criterion=a&criterion=b`) as a de-duplicated list; junk is dropped, not an error. */
const idList = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .catch(undefined)
    .transform((value) => {
      const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
      const ids = values.map((v) => v.trim()).filter((v) => v.length > 0 && v.length <= 100);
      return [...new Set(ids)].slice(0, max);
    });

/**
 * The criteria-comparison page's view, from its URL: `run` (one, or two to compare across runs),
 * `criterion` (repeated), `mode` for runs judged in both modes, `disagree=1` and paging.
 */
export const compareParamsSchema = z.object({
  run: idList(MAX_COMPARE_RUNS),
  criterion: idList(MAX_COMPARE_CRITERIA),
  mode: z.enum(["immediate", "hindsight"]).optional().catch(undefined),
  disagree: z.enum(["1"]).optional().catch(undefined),
  page: pageParam,
  size: pageSizeParam,
});

export type CompareParams = z.infer<typeof compareParamsSchema>;
