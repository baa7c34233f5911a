import { z } from "zod";
import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { EXPORT_FORMATS, exportFileName, exportStream } from "@/lib/runs/server/results/export";
import { exportSummary } from "@/lib/runs/server/results/export-summary";
import { firstValues } from "@/lib/platform/table-query";
import { runViewSchema } from "@/lib/runs/schemas/run-view";

const formatSchema = z.enum(EXPORT_FORMATS);

const CONTENT_TYPES = { csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8", summary: "application/json; charset=utf-8" } as const;
const EXTENSIONS = { csv: "csv", jsonl: "jsonl", summary: "summary.json" } as const;

/**
 * A run's results under the run page's filters: `format=csv` or `jsonl` streams one row per tool
 * call × criterion × mode, with the human review of the result apart from the judge's values
 * (`human_*` columns, a `human` object), then one row per transcript × agent criterion (`scope`
 * "agent", no call fields; the view's call filters do not apply to them); `format=summary` is per-criterion pass rates, means,
 * counts, flips and people's agreement with the judge.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const searchParams = new URL(request.url).searchParams;
  const format = formatSchema.safeParse(searchParams.get("format") ?? "csv");
  if (!format.success) return Response.json({ error: `format must be one of ${EXPORT_FORMATS.join(", ")}` }, { status: 400 });
  const view = runViewSchema.parse(firstValues(Object.fromEntries(searchParams)));
  const prisma = getPrisma();
  const run = await prisma.run.findUnique({ where: { id }, select: { id: true, name: true } });
  if (!run) return Response.json({ error: `No run with id ${id}` }, { status: 404 });

  const headers = {
    "content-type": CONTENT_TYPES[format.data],
    "content-disposition": `attachment; filename="${exportFileName(run.name, run.id, EXTENSIONS[format.data])}"`,
    "cache-control": "no-store",
  };
  if (format.data === "summary") {
    const summary = await exportSummary(prisma, id, view);
    if (!summary) return Response.json({ error: `No run with id ${id}` }, { status: 404 });
    return new Response(`${JSON.stringify(summary, null, 2)}\n`, { headers });
  }
  return new Response(exportStream(prisma, id, view, format.data), { headers });
}
