import type { PrismaClient } from "@/lib/generated/prisma/client";
import { convertBfcl, type BfclInput } from "@/lib/references/convert/bfcl";
import type { LineError } from "@/lib/references/json-lines";
import { importFile } from "@/lib/transcripts/server/import-file";
import type { FileReport } from "@/lib/transcripts/server/upload-report";

export interface BfclImportReport extends FileReport {
  conversion: { transcripts: number; problems: LineError[] };
}

/**
 * BFCL's files converted (lib/references/convert/bfcl.ts) and stored through the transcript
 * import, as one file named after the question file. Each transcript sits on its question's line,
 * so the import's own report (imported, duplicates) names the question's line.
 */
export async function importBfcl(prisma: PrismaClient, input: BfclInput, options: { source: "browser" | "api"; maxFileBytes: number }): Promise<BfclImportReport> {
  const { transcripts, problems } = convertBfcl(input);
  const lines: string[] = [];
  for (const transcript of transcripts) {
    while (lines.length < transcript.line - 1) lines.push("");
    lines.push(transcript.json);
  }
  const report = await importFile(prisma, { fileName: `${input.questions.name} (converted).jsonl`, chunks: [lines.join("\n")], source: options.source, maxFileBytes: options.maxFileBytes });
  return { ...report, file: input.questions.name, conversion: { transcripts: transcripts.length, problems } };
}
