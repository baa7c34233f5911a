import { handleEvalRequest } from "@/lib/evaluate/http/handle-eval-request";

/** `POST /api/v1/evals/reward`: `{messages, tools, evaluation_criteria}` → `{score, explanation}` for a Reward/Penalize criterion. */
export async function POST(request: Request) {
  return handleEvalRequest(request, "reward");
}
