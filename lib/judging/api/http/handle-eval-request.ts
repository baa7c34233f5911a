import type { JudgeEnv } from "@/lib/judging/judges/registry";
import { DEFAULT_LIMITS } from "@/lib/transcripts/limits";
import { apiJudge } from "../api-judge";
import { apiAgentJudge } from "../api-agent-judge";
import { evaluateRequest, type ErrorBody, type EvalEndpoint } from "../evaluate-request";
import { evaluateTraceRequest } from "../agent/evaluate-trace-request";
import { evalError } from "./error-response";
import { readJsonBody } from "./read-json-body";

type Answer = { status: 200; body: object } | { status: 400 | 422 | 429 | 502; body: ErrorBody; retryAfterSeconds?: number };

function respond(answer: Answer): Response {
  if (answer.status === 200) return Response.json(answer.body);
  const headers: Record<string, string> = answer.retryAfterSeconds !== undefined ? { "retry-after": String(answer.retryAfterSeconds) } : {};
  return evalError(answer.status, answer.body, headers);
}

async function readBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const body = await readJsonBody(request, DEFAULT_LIMITS.maxItemBytes);
  if (body.ok) return body;
  return { ok: false, response: evalError(body.status, { error: body.error, ...(body.path !== undefined ? { path: body.path } : {}) }) };
}

/**
 * `POST /api/v1/evals/{reward,binary}`: the evaluation API's contract, answered by Callboard's
 * configured judge. 503 when the judge is not configured, 400/422 for a body that cannot be
 * evaluated, 429 when the judge is rate-limited, 502 when it fails. Credentials are the route's
 * guard's business (authorizeEvalRequest).
 */
export async function handleEvalRequest(request: Request, endpoint: EvalEndpoint, env: JudgeEnv = process.env): Promise<Response> {
  const judge = apiJudge(env);
  if (!judge.ok) return evalError(503, { error: judge.reason });
  const body = await readBody(request);
  if (!body.ok) return body.response;
  return respond(await evaluateRequest(body.value, endpoint, judge.value, request.signal));
}

/** `POST /api/v1/evals/trace`: an agent-level criterion over a whole transcript or the SDK's multi-agent trace. */
export async function handleTraceRequest(request: Request, env: JudgeEnv = process.env): Promise<Response> {
  const judge = apiAgentJudge(env);
  if (!judge.ok) return evalError(503, { error: judge.reason });
  const body = await readBody(request);
  if (!body.ok) return body.response;
  return respond(await evaluateTraceRequest(body.value, judge.value, request.signal));
}
