import { authorizeRequest } from "@/lib/accounts/server/guard";
import { deleteRunChoiceSchema, updateMonitorSchema } from "@/lib/monitors/schemas/monitor";
import { getMonitor } from "@/lib/monitors/server/get-monitor";
import { deleteMonitor, updateMonitor } from "@/lib/monitors/server/save-monitor";
import { getPrisma } from "@/lib/platform/db/client";
import { appErrorResponse, parseJsonRequest } from "@/lib/platform/http/json-request";

type Context = { params: Promise<{ id: string }> };

const notFound = (id: string) => Response.json({ error: `There is no monitor with id ${JSON.stringify(id)}.` }, { status: 404 });

/** `GET /api/monitors/:id`: the monitor, its rules' states and its run's counts. */
export async function GET(request: Request, { params }: Context) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const monitor = await getMonitor(getPrisma(), id);
  return monitor ? Response.json(monitor, { headers: { "cache-control": "no-store" } }) : notFound(id);
}

/** `PATCH /api/monitors/:id`: changes the fields given; the answer is the monitor as it is now. */
export async function PATCH(request: Request, { params }: Context) {
  const allowed = await authorizeRequest(request, "run");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const body = await parseJsonRequest(request, updateMonitorSchema);
  if (!body.ok) return body.response;
  try {
    const prisma = getPrisma();
    await updateMonitor(prisma, allowed.user, id, body.value, process.env);
    return Response.json(await getMonitor(prisma, id));
  } catch (error) {
    return appErrorResponse(error);
  }
}

/**
 * `DELETE /api/monitors/:id?run=keep|delete`: the caller says what becomes of the monitor's run
 * and its results; without `run`, nothing is deleted (400).
 */
export async function DELETE(request: Request, { params }: Context) {
  const allowed = await authorizeRequest(request, "run");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const choice = deleteRunChoiceSchema.safeParse(new URL(request.url).searchParams.get("run") ?? undefined);
  if (!choice.success) {
    const message = choice.error.issues[0]?.message ?? "say whether to keep the monitor's run";
    return Response.json({ error: message, issues: [{ path: "run", message }] }, { status: 400 });
  }
  try {
    await deleteMonitor(getPrisma(), allowed.user, id, choice.data);
    return new Response(null, { status: 204 });
  } catch (error) {
    return appErrorResponse(error);
  }
}
