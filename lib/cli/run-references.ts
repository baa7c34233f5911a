import { tauBenchTasksToReferences } from "@/lib/references/convert/tau-bench";
import { tau2TasksToReferences } from "@/lib/references/convert/tau2-tasks";
import { declaredTools, freeToolsOf } from "@/lib/references/convert/tau2-tool-types";
import type { LineError } from "@/lib/references/json-lines";
import type { ReferencesOptions } from "./convert-args";
import { readInputTexts, reportConversion, unreadable, writeLines } from "./converted-output";
import type { ExitCode } from "./exit-codes";
import type { CliIo } from "./io";

/** `callboard references tau|tau2`: a benchmark's task file → a references file, one `{task_id, reference}` line per task. */
export function runReferences(options: ReferencesOptions, io: CliIo): ExitCode {
  const read = readInputTexts(io, [{ option: "tasks", name: options.tasks }, ...options.tools.map((name) => ({ option: "tools", name }))]);
  if (!read.ok) return unreadable(io, read.messages);
  const [tasks, ...toolFiles] = read.texts;
  const problems: LineError[] = [];
  const declared = toolFiles.flatMap((file) => {
    const found = declaredTools(file.text, file.name);
    problems.push(...found.problems);
    return found.tools;
  });
  const freeTools = [...new Set([...options.freeTools, ...freeToolsOf(declared)])];
  const converted = options.format === "tau2" ? tau2TasksToReferences(tasks, freeTools) : tauBenchTasksToReferences(tasks, freeTools);
  problems.push(...converted.problems);
  writeLines(io, options.out, converted.lines.map((line) => line.json));
  const notes = [
    ...(freeTools.length ? [] : ["no free tools (--tools tools.py or --free-tools a,b): every action, reads included, must be performed, and any other call fails"]),
    ...converted.notes,
  ];
  const count = converted.lines.length;
  const summary = `${count} reference${count === 1 ? "" : "s"} by task id written to ${options.out ?? "standard output"}${freeTools.length ? `; free tools: ${freeTools.join(", ")}` : ""}`;
  return reportConversion(io, { command: `references ${options.format}`, summary, notes, problems, converted: count, allowInvalid: options.allowInvalid });
}
