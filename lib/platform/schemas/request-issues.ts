import type { z } from "zod";
import { formatPath } from "@/lib/transcripts/json-path";
import { formatZodIssues, type FormattedIssue } from "@/lib/transcripts/zod-errors";

/**
 * A request body's zod failure as `{path, message}` pairs (path in JSON notation, `criteria[1]`),
 * worded as uploads word theirs. A union's own message is kept: it lists the accepted shapes,
 * which says more than the branch the input came closest to.
 */
export function requestIssues(error: z.ZodError, body: unknown): FormattedIssue[] {
  return error.issues.map((issue) => {
    if (issue.code !== "invalid_union") return formatZodIssues([issue], body)[0];
    const path = formatPath(issue.path);
    return { path, message: path ? `${path}: ${issue.message}` : issue.message };
  });
}
