import { evalError } from "./error-response";

export const BACKGROUND_NOT_SUPPORTED =
  "Background evaluation is not supported: Callboard judges while you wait. POST the same body to /api/v1/evals/reward (block=True in the Composo SDK) and read the answer.";

const ENDPOINTS = "POST /api/v1/evals/reward, POST /api/v1/evals/binary and POST /api/v1/evals/trace";

/** The evaluation API's answer to a path it does not have. */
export function unknownEvalPath(request: Request): Response {
  const { pathname } = new URL(request.url);
  return evalError(404, { error: `${request.method} ${pathname} is not an endpoint of the evaluation API; it has ${ENDPOINTS}.` });
}

/** A method an endpoint of the evaluation API does not take: JSON with `detail`, as every other error (Next's own 405 has no body). */
export function methodNotAllowed(request: Request): Response {
  const { pathname } = new URL(request.url);
  return evalError(405, { error: `${pathname} takes POST only, not ${request.method}.` }, { allow: "POST" });
}
