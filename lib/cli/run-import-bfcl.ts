import { convertBfcl } from "@/lib/references/convert/bfcl";
import type { ImportBfclOptions } from "./convert-args";
import { readInputTexts, reportConversion, unreadable, writeLines } from "./converted-output";
import type { ExitCode } from "./exit-codes";
import type { CliIo } from "./io";

/** `callboard import-bfcl`: BFCL's question, possible-answer and result files → transcripts with references, as JSON Lines. */
export function runImportBfcl(options: ImportBfclOptions, io: CliIo): ExitCode {
  const files = [
    { option: "questions", name: options.questions },
    ...(options.answers ? [{ option: "answers", name: options.answers }] : []),
    ...(options.results ? [{ option: "results", name: options.results }] : []),
  ];
  const read = readInputTexts(io, files);
  if (!read.ok) return unreadable(io, read.messages);
  const [questions, ...rest] = read.texts;
  const answers = options.answers ? rest.shift() : undefined;
  const results = options.results ? rest.shift() : undefined;
  const { transcripts, problems } = convertBfcl({ questions, answers, results });
  writeLines(io, options.out, transcripts.map((transcript) => transcript.json));
  const categories = new Map<string, number>();
  for (const transcript of transcripts) categories.set(transcript.category, (categories.get(transcript.category) ?? 0) + 1);
  const byCategory = [...categories].map(([category, count]) => `${category} ${count}`).join(", ");
  const summary = `${transcripts.length} transcript${transcripts.length === 1 ? "" : "s"}${byCategory ? ` (${byCategory})` : ""}${results ? "" : " without the model's turn (no --results)"} written to ${options.out ?? "standard output"}`;
  return reportConversion(io, { command: "import-bfcl", summary, notes: [], problems, converted: transcripts.length, allowInvalid: options.allowInvalid });
}
