import { evalCredentials } from "@/lib/judging/api/http/api-key";
import { evalError, withDetail } from "@/lib/judging/api/http/error-response";
import { methodNotAllowed } from "@/lib/judging/api/http/unsupported";
import { authorizeRequest, type Authorized } from "./guard";

const NO_CREDENTIALS = "Send a Callboard API token as `API-Key: <token>` or `Authorization: Bearer <token>` (Settings → API tokens), or sign in.";

/**
 * The guard of `/api/v1/evals/*`: authorizeRequest with the `run` role, where an `API-Key`
 * header may carry the token (see evalCredentials), and refusals in the API's error shape
 * (`detail` beside `error`). The shared key's value is never logged or echoed.
 */
export async function authorizeEvalRequest(request: Request, env: Readonly<Record<string, string | undefined>> = process.env): Promise<Authorized | { ok: false; response: Response }> {
  const credentials = evalCredentials(request.headers, env.CALLBOARD_API_KEY);
  if (!credentials.ok) return { ok: false, response: evalError(401, { error: credentials.message }, { "www-authenticate": "API-Key" }) };
  const allowed = await authorizeRequest(request, "run", { token: credentials.token });
  if (allowed.ok) return allowed;
  const anonymous = allowed.response.status === 401 && !credentials.token && !request.headers.get("authorization");
  if (anonymous) return { ok: false, response: evalError(401, { error: NO_CREDENTIALS }, { "www-authenticate": 'API-Key, Bearer realm="callboard"' }) };
  return { ok: false, response: await withDetail(allowed.response) };
}

/** What the evaluation API's POST-only routes export for other methods: the guard, then a JSON 405. */
export async function evalMethodNotAllowed(request: Request): Promise<Response> {
  const allowed = await authorizeEvalRequest(request);
  if (!allowed.ok) return allowed.response;
  return methodNotAllowed(request);
}
