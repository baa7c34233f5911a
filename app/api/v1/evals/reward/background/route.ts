import { BACKGROUND_NOT_SUPPORTED } from "@/lib/judging/api/http/unsupported";
import { evalError } from "@/lib/judging/api/http/error-response";
import { authorizeEvalRequest, evalMethodNotAllowed } from "@/lib/accounts/server/eval-api-auth";

/** `POST /api/v1/evals/reward/background` (the SDK's `block=False`): a JSON 501, since /reward answers at once. */
export async function POST(request: Request) {
  const allowed = await authorizeEvalRequest(request);
  if (!allowed.ok) return allowed.response;
  return evalError(501, { error: BACKGROUND_NOT_SUPPORTED });
}

export { evalMethodNotAllowed as GET, evalMethodNotAllowed as PUT, evalMethodNotAllowed as PATCH, evalMethodNotAllowed as DELETE };
