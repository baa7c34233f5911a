import { authorizeRequest } from "@/lib/accounts/server/guard";
import { backfillSchema } from "@/lib/monitors/schemas/monitor";
import { backfillMonitor } from "@/lib/monitors/server/backfill";
import { getPrisma } from "@/lib/platform/db/client";
import { appErrorResponse, parseJsonRequest } from "@/lib/platform/http/json-request";

/**
 * `POST /api/monitors/:id/backfill` with `{"from", "to"?}` (ISO times): the stored transcripts of
 * that period go to the monitor as if they had just arrived. Answers `202 {"queued"}`: the worker
 * judges them beside live arrivals.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const allowed = await authorizeRequest(request, "run");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const body = await parseJsonRequest(request, backfillSchema);
  if (!body.ok) return body.response;
  try {
    return Response.json(await backfillMonitor(getPrisma(), allowed.user, id, body.value), { status: 202 });
  } catch (error) {
    return appErrorResponse(error);
  }
}
