import type { EvalEndpoint } from "@/lib/judging/api/evaluate-request";

const ENDPOINTS: ReadonlyMap<string, EvalEndpoint> = new Map([
  ["/api/v1/evals/reward", "reward"],
  ["/api/v1/evals/binary", "binary"],
]);

/**
 * The endpoint a request is a live check of: a POST to exactly /api/v1/evals/reward or /binary
 * (any query). Anything else, a trailing slash or another method included, is Next's to answer.
 */
export function liveCheckEndpoint(method: string | undefined, url: string | undefined): EvalEndpoint | null {
  if (method !== "POST" || !url) return null;
  const query = url.indexOf("?");
  return ENDPOINTS.get(query === -1 ? url : url.slice(0, query)) ?? null;
}
