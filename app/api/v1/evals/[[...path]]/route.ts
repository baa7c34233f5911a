import { unknownEvalPath } from "@/lib/judging/api/http/unsupported";
import { authorizeEvalRequest } from "@/lib/accounts/server/eval-api-auth";

/** Any other path under /api/v1/evals: a JSON 404 naming the endpoints, never the HTML not-found page. */
async function notFound(request: Request): Promise<Response> {
  const allowed = await authorizeEvalRequest(request);
  if (!allowed.ok) return allowed.response;
  return unknownEvalPath(request);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
