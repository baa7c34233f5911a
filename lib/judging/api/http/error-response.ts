import type { ErrorBody } from "../evaluate-request";
import type { JsonBody } from "./read-json-body";

/**
 * An answer of `/api/v1/evals/*` before it is written: the route handlers turn it into a
 * Response, the live-check server (lib/judging/server/live-check) writes it to Node's response.
 */
export interface EvalReply {
  status: number;
  body: object;
  headers: Record<string, string>;
}

/**
 * Every error of `/api/v1/evals/*` as JSON with `detail` (a string, where FastAPI puts its
 * message and where clients of the imitated API look) beside our `error`, same text.
 */
export function evalErrorReply(status: number, body: ErrorBody, headers: Record<string, string> = {}): EvalReply {
  return { status, body: { ...body, detail: body.error }, headers: { "cache-control": "no-store", ...headers } };
}

/** What evaluateRequest and evaluateTraceRequest answer, as a reply (errors with `detail`; `retry-after` when the judge's API said). */
export function evalAnswerReply(answer: { status: 200; body: object } | { status: 400 | 422 | 429 | 502; body: ErrorBody; retryAfterSeconds?: number }): EvalReply {
  if (answer.status === 200) return { status: 200, body: answer.body, headers: {} };
  const headers: Record<string, string> = answer.retryAfterSeconds !== undefined ? { "retry-after": String(answer.retryAfterSeconds) } : {};
  return evalErrorReply(answer.status, answer.body, headers);
}

/** A body that could not be read: 413 past the limit, 400 with the syntax error's place. */
export function jsonBodyRefusal(body: Extract<JsonBody, { ok: false }>): EvalReply {
  return evalErrorReply(body.status, { error: body.error, ...(body.path !== undefined ? { path: body.path } : {}) });
}

export function replyResponse(reply: EvalReply): Response {
  return Response.json(reply.body, { status: reply.status, headers: reply.headers });
}

export function evalError(status: number, body: ErrorBody, headers: Record<string, string> = {}): Response {
  return replyResponse(evalErrorReply(status, body, headers));
}

/** A refusal made elsewhere (the auth guard's `{error}`), given `detail` too, its status and headers kept. */
export async function withDetail(response: Response): Promise<Response> {
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === "object" && body !== null && "error" in body && typeof body.error === "string" ? body.error : response.statusText || `HTTP ${response.status}`;
  return Response.json({ ...(typeof body === "object" && body !== null ? body : {}), error, detail: error }, { status: response.status, headers: response.headers });
}
