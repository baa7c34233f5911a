import { authorizeRequest } from "@/lib/accounts/server/guard";
import { createMonitorSchema } from "@/lib/monitors/schemas/monitor";
import { getMonitor, listMonitors } from "@/lib/monitors/server/get-monitor";
import { createMonitor } from "@/lib/monitors/server/save-monitor";
import { getPrisma } from "@/lib/platform/db/client";
import { appErrorResponse, parseJsonRequest } from "@/lib/platform/http/json-request";

/** `GET /api/monitors`: every monitor, newest first. */
export async function GET(request: Request) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  return Response.json({ monitors: await listMonitors(getPrisma()) }, { headers: { "cache-control": "no-store" } });
}

/**
 * `POST /api/monitors`: creates a monitor and its run, and answers `201` with the monitor (its
 * `id` and `runId` included). 400 for a body that is not a valid request (each problem with its
 * JSON path), 422 for unknown criteria or a judge this server has not configured.
 */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "run");
  if (!allowed.ok) return allowed.response;
  const body = await parseJsonRequest(request, createMonitorSchema);
  if (!body.ok) return body.response;
  try {
    const prisma = getPrisma();
    const created = await createMonitor(prisma, allowed.user, body.value, process.env);
    const monitor = await getMonitor(prisma, created.id);
    return Response.json(monitor, { status: 201, headers: { location: `/monitors/${created.id}` } });
  } catch (error) {
    return appErrorResponse(error);
  }
}
