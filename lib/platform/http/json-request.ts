import type { z } from "zod";
import { readJsonBody } from "@/lib/judging/api/http/read-json-body";
import { AppError, httpStatus } from "@/lib/platform/errors/app-error";
import { requestIssues } from "@/lib/platform/schemas/request-issues";

/**
 * A JSON request body read (capped) and checked against `schema`: the value, or the response that
 * says what is wrong, each problem with its JSON path (400), as `POST /api/runs` answers.
 */
export async function parseJsonRequest<Schema extends z.ZodType>(request: Request, schema: Schema, maxBytes = 1024 * 1024): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonBody(request, maxBytes);
  if (!body.ok) return { ok: false, response: Response.json({ error: body.error, issues: [{ path: body.path ?? "", message: body.error }] }, { status: body.status }) };
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    const issues = requestIssues(parsed.error, body.value);
    return { ok: false, response: Response.json({ error: issues[0]?.message ?? "Invalid request", issues }, { status: 400 }) };
  }
  return { ok: true, value: parsed.data };
}

/** A service's refusal as the API answers it; anything else is rethrown (a 500 from Next). */
export function appErrorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json({ error: error.message, issues: [{ path: error.details.path ?? "", message: error.message }] }, { status: httpStatus(error) });
  }
  throw error;
}
