import { handleEvalRequest } from "@/lib/judging/api/http/handle-eval-request";
import { authorizeEvalRequest, evalMethodNotAllowed } from "@/lib/accounts/server/eval-api-auth";

/** `POST /api/v1/evals/reward`: `{messages, evaluation_criteria, tools?, system_message?}` → `{score, explanation}` (and `passed` for a pass/fail criterion). */
export async function POST(request: Request) {
  const allowed = await authorizeEvalRequest(request);
  if (!allowed.ok) return allowed.response;
  return handleEvalRequest(request, "reward");
}

export { evalMethodNotAllowed as GET, evalMethodNotAllowed as PUT, evalMethodNotAllowed as PATCH, evalMethodNotAllowed as DELETE };
