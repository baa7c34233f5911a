import type { JudgeEnv } from "@/lib/judging/judges/registry";
import { DEFAULT_LIMITS } from "@/lib/transcripts/limits";
import { apiJudge } from "../api-judge";
import { apiAgentJudge } from "../api-agent-judge";
import { evaluateRequest, type EvalEndpoint } from "../evaluate-request";
import { evaluateTraceRequest } from "../agent/evaluate-trace-request";
import { evalAnswerReply, evalErrorReply, jsonBodyRefusal, replyResponse, type EvalReply } from "./error-response";
import { readJsonBody, type JsonBody } from "./read-json-body";

/** How large a request body the evaluation API reads: one transcript, as an upload's item. */
export const EVAL_MAX_BODY_BYTES = DEFAULT_LIMITS.maxItemBytes;

/**
 * `POST /api/v1/evals/{reward,binary}`, whatever carries it: the evaluation API's contract,
 * answered by Callboard's configured judge. 503 when the judge is not configured (before the body
 * is read), 400/413/422 for a body that cannot be evaluated, 429 when the judge is rate-limited,
 * 502 when it fails. Credentials are the caller's business (authorizeEvalRequest, or the
 * live-check server's authorizeEvalToken).
 */
export async function answerEvalRequest(readBody: () => Promise<JsonBody>, endpoint: EvalEndpoint, signal: AbortSignal | undefined, env: JudgeEnv = process.env): Promise<EvalReply> {
  const judge = apiJudge(env);
  if (!judge.ok) return evalErrorReply(503, { error: judge.reason });
  const body = await readBody();
  if (!body.ok) return jsonBodyRefusal(body);
  return evalAnswerReply(await evaluateRequest(body.value, endpoint, judge.value, signal));
}

/** The route handlers' form of answerEvalRequest. */
export async function handleEvalRequest(request: Request, endpoint: EvalEndpoint, env: JudgeEnv = process.env): Promise<Response> {
  return replyResponse(await answerEvalRequest(() => readJsonBody(request, EVAL_MAX_BODY_BYTES), endpoint, request.signal, env));
}

/** `POST /api/v1/evals/trace`: an agent-level criterion over a whole transcript or the SDK's multi-agent trace. */
export async function handleTraceRequest(request: Request, env: JudgeEnv = process.env): Promise<Response> {
  const judge = apiAgentJudge(env);
  if (!judge.ok) return replyResponse(evalErrorReply(503, { error: judge.reason }));
  const body = await readJsonBody(request, EVAL_MAX_BODY_BYTES);
  if (!body.ok) return replyResponse(jsonBodyRefusal(body));
  return replyResponse(evalAnswerReply(await evaluateTraceRequest(body.value, judge.value, request.signal)));
}
