import { evalCredentials, type HeaderReader } from "@/lib/judging/api/http/api-key";
import { evalErrorReply, type EvalReply } from "@/lib/judging/api/http/error-response";
import { getPrisma } from "@/lib/platform/db/client";
import { bearerToken } from "./api-token";
import { authorizeToken, refusalHeaders, type Authorized } from "./token-auth";

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Which API token a request to the evaluation API carries (in `Authorization: Bearer` or
 * `API-Key`, see evalCredentials), read from its headers alone: `token: null` when it carries
 * none (a browser session, or nobody, which only the route handler can tell), or the refusal of
 * a wrong shared key. The shared key's value is never logged or echoed.
 */
export function evalToken(headers: HeaderReader, env: Env = process.env): { ok: true; token: string | null } | { ok: false; reply: EvalReply } {
  const credentials = evalCredentials(headers, env.CALLBOARD_API_KEY);
  if (!credentials.ok) return { ok: false, reply: evalErrorReply(401, { error: credentials.message }, { "www-authenticate": "API-Key" }) };
  return { ok: true, token: bearerToken(headers.get("authorization")) ?? credentials.token };
}

/**
 * The evaluation API's guard of a token, with the `run` role; refusals in the API's error shape
 * (`detail` beside `error`). Free of Next.js, so the live-check server (lib/judging/server/live-check)
 * answers exactly as the route handlers do.
 */
export async function authorizeEvalToken(token: string): Promise<Authorized | { ok: false; reply: EvalReply }> {
  const allowed = await authorizeToken(getPrisma(), token, "run");
  if (allowed.ok) return allowed;
  return { ok: false, reply: evalErrorReply(allowed.status, { error: allowed.message }, refusalHeaders(allowed.status)) };
}
