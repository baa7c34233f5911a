import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { bodyChunks } from "@/lib/platform/http/body-chunks";
import { referencesQuerySchema } from "@/lib/references/schemas";
import { uploadReferences } from "@/lib/references/server/upload-references";

/**
 * `POST /api/references`: a references file (JSON Lines of `{task_id | name | transcript_id, reference}`)
 * attached to the stored transcripts each line names. Answers what was attached, which lines named no
 * transcript, and which were rejected (line, JSON path, sentence); 400 when no line was usable.
 */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "upload");
  if (!allowed.ok) return allowed.response;
  const query = referencesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return Response.json({ error: "Bad query", issues: query.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) }, { status: 400 });
  const file = query.data.file ?? "references.jsonl";
  const limit = env().CALLBOARD_MAX_UPLOAD_MB * 1024 * 1024;
  if (Number(request.headers.get("content-length") ?? "0") > limit) {
    return Response.json({ error: `${file}: the file is larger than the limit of ${env().CALLBOARD_MAX_UPLOAD_MB} MB` }, { status: 413 });
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bodyChunks(request.body)) {
    size += chunk.length;
    if (size > limit) return Response.json({ error: `${file}: the file is larger than the limit of ${env().CALLBOARD_MAX_UPLOAD_MB} MB` }, { status: 413 });
    chunks.push(chunk);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  const report = await uploadReferences(getPrisma(), file, text);
  const counts = { attached: report.attached.length, transcripts: report.attached.reduce((sum, entry) => sum + entry.transcripts, 0), unmatched: report.unmatched.length, rejected: report.rejected.length };
  return Response.json({ ...report, counts }, { status: report.attached.length === 0 && report.unmatched.length === 0 ? 400 : 200 });
}
