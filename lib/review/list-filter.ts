import type { ReviewListQuery } from "@/lib/review/schemas/review";

/** The list filter as query parameters, so item links and next/previous keep the list the reviewer chose. */
export function listFilterParams(query: Pick<ReviewListQuery, "status" | "assignee" | "reason">): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.assignee) params.set("assignee", query.assignee);
  if (query.reason) params.set("reason", query.reason);
  return params;
}

export const withQuery = (path: string, params: URLSearchParams) => (params.size ? `${path}?${params}` : path);
