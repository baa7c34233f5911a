import { handleEvalRequest } from "@/lib/evaluate/http/handle-eval-request";
import { authorizeRequest } from "@/lib/server/auth/guard";

/** `POST /api/v1/evals/reward`: `{messages, tools, evaluation_criteria}` → `{score, explanation}` for a Reward/Penalize criterion. */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "run");
  if (!allowed.ok) return allowed.response;
  return handleEvalRequest(request, "reward");
}
