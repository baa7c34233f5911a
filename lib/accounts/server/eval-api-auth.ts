import { evalError, replyResponse, withDetail } from "@/lib/judging/api/http/error-response";
import { methodNotAllowed } from "@/lib/judging/api/http/unsupported";
import { authorizeEvalToken, evalToken, type Env } from "./eval-token";
import { authorizeRequest, type Authorized } from "./guard";

const NO_CREDENTIALS = "Send a Callboard API token as `API-Key: <token>` or `Authorization: Bearer <token>` (Settings → API tokens), or sign in.";

/**
 * The guard of `/api/v1/evals/*`'s route handlers: the request's token (evalToken,
 * authorizeEvalToken), else the session (a signed-in reviewer's browser), with `run` as the role either way.
 */
export async function authorizeEvalRequest(request: Request, env: Env = process.env): Promise<Authorized | { ok: false; response: Response }> {
  const credentials = evalToken(request.headers, env);
  if (!credentials.ok) return { ok: false, response: replyResponse(credentials.reply) };
  if (credentials.token) {
    const byToken = await authorizeEvalToken(credentials.token);
    return byToken.ok ? byToken : { ok: false, response: replyResponse(byToken.reply) };
  }
  const allowed = await authorizeRequest(request, "run");
  if (allowed.ok) return allowed;
  const anonymous = allowed.response.status === 401 && !request.headers.get("authorization");
  if (anonymous) return { ok: false, response: evalError(401, { error: NO_CREDENTIALS }, { "www-authenticate": 'API-Key, Bearer realm="callboard"' }) };
  return { ok: false, response: await withDetail(allowed.response) };
}

/** What the evaluation API's POST-only routes export for other methods: the guard, then a JSON 405. */
export async function evalMethodNotAllowed(request: Request): Promise<Response> {
  const allowed = await authorizeEvalRequest(request);
  if (!allowed.ok) return allowed.response;
  return methodNotAllowed(request);
}
