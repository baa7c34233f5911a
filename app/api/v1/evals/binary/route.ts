import { handleEvalRequest } from "@/lib/evaluate/http/handle-eval-request";
import { authorizeRequest } from "@/lib/server/auth/guard";

/** `POST /api/v1/evals/binary`: `{messages, tools, evaluation_criteria}` → `{passed, explanation}` for a "passes if"/"fails if" criterion. */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "run");
  if (!allowed.ok) return allowed.response;
  return handleEvalRequest(request, "binary");
}
