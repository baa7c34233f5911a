import type { JudgeEnv } from "@/lib/judges/registry";
import { DEFAULT_LIMITS } from "@/lib/transcripts/limits";
import { apiJudge } from "../api-judge";
import { evaluateRequest, type EvalEndpoint } from "../evaluate-request";
import { apiKeyAccepted } from "./api-key";
import { readJsonBody } from "./read-json-body";

/**
 * `POST /api/v1/evals/{reward,binary}`: the evaluation API's contract, answered by Callboard's
 * configured judge. 401 without the right `API-Key` (when CALLBOARD_API_KEY is set), 503 when the
 * judge is not configured, 400/422 for a body that cannot be evaluated, 502 when the judge fails.
 */
export async function handleEvalRequest(request: Request, endpoint: EvalEndpoint, env: JudgeEnv = process.env): Promise<Response> {
  if (!apiKeyAccepted(env.CALLBOARD_API_KEY, request.headers.get("api-key"))) {
    return Response.json({ error: "missing or wrong API-Key header" }, { status: 401, headers: { "www-authenticate": "API-Key" } });
  }
  const judge = apiJudge(env);
  if (!judge.ok) return Response.json({ error: judge.reason }, { status: 503 });

  const body = await readJsonBody(request, DEFAULT_LIMITS.maxItemBytes);
  if (!body.ok) return Response.json({ error: body.error, ...(body.path !== undefined ? { path: body.path } : {}) }, { status: body.status });

  const answer = await evaluateRequest(body.value, endpoint, judge.value, request.signal);
  return Response.json(answer.body, { status: answer.status });
}
