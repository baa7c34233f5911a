import { handleTraceRequest } from "@/lib/judging/api/http/handle-eval-request";
import { authorizeEvalRequest, evalMethodNotAllowed } from "@/lib/accounts/server/eval-api-auth";

/** `POST /api/v1/evals/trace`: an agent-level criterion over the SDK's `{trace}` or a transcript's `{messages}` → `{score, explanation}`. */
export async function POST(request: Request) {
  const allowed = await authorizeEvalRequest(request);
  if (!allowed.ok) return allowed.response;
  return handleTraceRequest(request);
}

export { evalMethodNotAllowed as GET, evalMethodNotAllowed as PUT, evalMethodNotAllowed as PATCH, evalMethodNotAllowed as DELETE };
