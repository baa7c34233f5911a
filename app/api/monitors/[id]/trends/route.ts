import { z } from "zod";
import { authorizeRequest } from "@/lib/accounts/server/guard";
import { monitorTrends } from "@/lib/monitors/server/trends";
import { alertHistory } from "@/lib/monitors/server/get-monitor";
import { GRANULARITIES } from "@/lib/monitors/trends";
import { SPLITS } from "@/lib/monitors/rollup";
import { getPrisma } from "@/lib/platform/db/client";

const querySchema = z.object({ by: z.enum(GRANULARITIES).catch("hour"), split: z.enum(["", ...SPLITS]).catch("") });

/** `GET /api/monitors/:id/trends?by=hour|day&split=model|service|tag|prompt`: each criterion's series, with 95% intervals, change marks and the alert history. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const search = new URL(request.url).searchParams;
  const query = querySchema.parse({ by: search.get("by") ?? undefined, split: search.get("split") ?? undefined });
  const prisma = getPrisma();
  const trends = await monitorTrends(prisma, id, { granularity: query.by, split: query.split });
  if (!trends) return Response.json({ error: `There is no monitor with id ${JSON.stringify(id)}.` }, { status: 404 });
  return Response.json({ ...trends, alerts: await alertHistory(prisma, id) }, { headers: { "cache-control": "no-store" } });
}
