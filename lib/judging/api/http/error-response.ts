import type { ErrorBody } from "../evaluate-request";

/**
 * Every error of `/api/v1/evals/*` as JSON with `detail` (a string, where FastAPI puts its
 * message and where clients of the imitated API look) beside our `error`, same text.
 */
export function evalError(status: number, body: ErrorBody, headers: Record<string, string> = {}): Response {
  return Response.json({ ...body, detail: body.error }, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** A refusal made elsewhere (the auth guard's `{error}`), given `detail` too, its status and headers kept. */
export async function withDetail(response: Response): Promise<Response> {
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === "object" && body !== null && "error" in body && typeof body.error === "string" ? body.error : response.statusText || `HTTP ${response.status}`;
  return Response.json({ ...(typeof body === "object" && body !== null ? body : {}), error, detail: error }, { status: response.status, headers: response.headers });
}
