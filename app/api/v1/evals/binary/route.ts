import { handleEvalRequest } from "@/lib/evaluate/http/handle-eval-request";

/** `POST /api/v1/evals/binary`: `{messages, tools, evaluation_criteria}` → `{passed, explanation}` for a "passes if"/"fails if" criterion. */
export async function POST(request: Request) {
  return handleEvalRequest(request, "binary");
}
