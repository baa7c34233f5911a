import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { bfclImportFormSchema, bfclImportQuerySchema } from "@/lib/references/schemas";
import { importBfcl } from "@/lib/references/server/import-bfcl";
import { UploadError } from "@/lib/transcripts/server/import-file";

/**
 * `POST /api/references/bfcl`: BFCL's question file, its possible answers and a model's results
 * (multipart fields `questions`, `answers`, `results`), stored as transcripts that carry the
 * possible answer as their reference. Answers what was imported and what could not be converted
 * (file, line, JSON path); 400 when nothing was stored. BFCL's files are a few megabytes: the form
 * is read whole, within the upload limit.
 */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "upload");
  if (!allowed.ok) return allowed.response;
  const query = bfclImportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return Response.json({ error: "Bad query", issues: query.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) }, { status: 400 });
  const maxFileBytes = env().CALLBOARD_MAX_UPLOAD_MB * 1024 * 1024;
  if (Number(request.headers.get("content-length") ?? "0") > maxFileBytes) {
    return Response.json({ error: `The files are larger than the limit of ${env().CALLBOARD_MAX_UPLOAD_MB} MB` }, { status: 413 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ error: "Expected a multipart form with the files questions, answers and results" }, { status: 400 });
  }
  const parsed = bfclImportFormSchema.safeParse(Object.fromEntries(["questions", "answers", "results"].map((field) => [field, form.get(field) ?? undefined])));
  if (!parsed.success) return Response.json({ error: parsed.error.issues.map((issue) => issue.message).join("; ") }, { status: 400 });
  const text = async (file: File | undefined) => (file ? { name: file.name || "upload", text: await file.text() } : undefined);
  const { questions, answers, results } = parsed.data;
  try {
    const report = await importBfcl(
      getPrisma(),
      { questions: { name: questions?.name || "questions", text: (await questions?.text()) ?? "" }, answers: await text(answers), results: await text(results) },
      { source: query.data.source, maxFileBytes },
    );
    const nothingStored = report.imported.length === 0 && report.duplicates.length === 0;
    const body = { ...report, counts: { imported: report.imported.length, duplicates: report.duplicates.length, rejected: report.rejected.length, problems: report.conversion.problems.length } };
    return Response.json(body, { status: nothingStored ? 400 : report.imported.length > 0 ? 201 : 200 });
  } catch (error) {
    if (error instanceof UploadError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
