import { authorizeRequest } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { getRunProgress } from "@/lib/server/runs/run-progress";

/** Live progress of a run, polled by its page while the worker judges. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const progress = await getRunProgress(getPrisma(), id);
  if (!progress) return Response.json({ error: `No run with id ${id}` }, { status: 404 });
  return Response.json(progress, { headers: { "cache-control": "no-store" } });
}
