import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { progressReport } from "@/lib/runs/server/progress-report";
import { cachedRunProgress } from "@/lib/runs/server/results/run-page-cache";
import { readRunState } from "@/lib/runs/server/results/state-cache";

/**
 * Live progress of a run, polled by its page and by scripts: status, counts, `ended`, `failed`,
 * `waiting`, and the rate (evaluations/s) with the seconds left at it.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const prisma = getPrisma();
  // Remembered per run state: a finished run's rows are grouped once, not on every poll.
  const run = await readRunState(prisma, id);
  const progress = run ? await cachedRunProgress(prisma, run) : null;
  if (!progress) return Response.json({ error: `No run with id ${id}` }, { status: 404 });
  return Response.json(progressReport(progress), { headers: { "cache-control": "no-store" } });
}
