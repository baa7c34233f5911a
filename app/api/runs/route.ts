import { readJsonBody } from "@/lib/judging/api/http/read-json-body";
import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { startRun } from "@/lib/runs/server/start-run";
import { requestIssues } from "@/lib/platform/schemas/request-issues";
import { startRunRequestSchema } from "@/lib/runs/schemas/start-run";
import { AppError, httpStatus } from "@/lib/platform/errors/app-error";

// 100,000 transcript ids fit with room to spare.
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * `POST /api/runs`: starts a run and answers `201 {"id"}` at once; the worker judges it, and
 * `GET /api/runs/:id/progress` follows it. 400 for a body that is not a valid request (with each
 * problem's JSON path), 422 for one that names what does not exist or a judge not configured.
 */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "run");
  if (!allowed.ok) return allowed.response;
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return Response.json({ error: body.error, issues: [{ path: body.path ?? "", message: body.error }] }, { status: body.status });
  const parsed = startRunRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const issues = requestIssues(parsed.error, body.value);
    return Response.json({ error: issues[0]?.message ?? "Invalid request", issues }, { status: 400 });
  }
  try {
    const run = await startRun(getPrisma(), allowed.user, parsed.data, process.env);
    const links = { progress: `/api/runs/${run.runId}/progress`, export: `/api/runs/${run.runId}/export`, page: `/runs/${run.runId}` };
    return Response.json({ id: run.runId, name: run.name, status: run.status, total: run.total, links, warnings: run.warnings }, { status: 201, headers: { location: links.page } });
  } catch (error) {
    if (error instanceof AppError) {
      return Response.json({ error: error.message, issues: [{ path: error.details.path ?? "", message: error.message }] }, { status: httpStatus(error) });
    }
    throw error;
  }
}
