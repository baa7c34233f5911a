import { env } from "@/lib/platform/env";
import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { bodyChunks } from "@/lib/platform/http/body-chunks";
import { importFile, UploadError } from "@/lib/transcripts/server/import-file";
import { uploadQuerySchema } from "@/lib/transcripts/schemas/transcripts";

const LINES_TYPES = /(ndjson|jsonl|jsonlines|json-seq)/i;

/**
 * `POST /api/transcripts`: a JSON object, a JSON array of them, or JSON Lines, streamed.
 * Answers what was imported, skipped as duplicate and rejected (with file, line or index, JSON path
 * and a sentence); 400 when nothing in the body could be imported, with the same details.
 */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "upload");
  if (!allowed.ok) return allowed.response;
  const url = new URL(request.url);
  const query = uploadQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return Response.json({ error: "Bad query", issues: query.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) }, { status: 400 });
  }
  const type = request.headers.get("content-type") ?? "";
  const fileName = query.data.file ?? (LINES_TYPES.test(type) ? "body.jsonl" : "body.json");
  const maxFileBytes = env().CALLBOARD_MAX_UPLOAD_MB * 1024 * 1024;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxFileBytes) {
    return Response.json({ error: `${fileName}: the file is larger than the limit of ${env().CALLBOARD_MAX_UPLOAD_MB} MB` }, { status: 413 });
  }
  try {
    const report = await importFile(getPrisma(), {
      fileName,
      chunks: bodyChunks(request.body),
      source: query.data.source,
      uploadId: query.data.upload,
      maxFileBytes,
    });
    const nothingUsable = report.imported.length === 0 && report.duplicates.length === 0;
    const body = {
      ...report,
      counts: { imported: report.imported.length, duplicates: report.duplicates.length, rejected: report.rejected.length, warnings: report.warnings },
    };
    return Response.json(body, { status: nothingUsable ? 400 : report.imported.length > 0 ? 201 : 200 });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
