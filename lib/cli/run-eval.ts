import { readFileSync } from "node:fs";
import path from "node:path";
import { evaluateTranscripts } from "@/lib/judging/engine/evaluate-transcripts";
import { gate } from "@/lib/judging/engine/gate";
import { judgeFromEnv } from "@/lib/judging/engine/judge-from-env";
import { summarise } from "@/lib/judging/engine/summarise";
import type { EvalResult, ResultCache } from "@/lib/judging/engine/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { describeImportError } from "@/lib/transcripts/import-error-text";
import type { ImportError } from "@/lib/transcripts/import-types";
import type { EvalOptions } from "./args";
import { EXIT, type ExitCode } from "./exit-codes";
import { formatJson } from "./format/json";
import { formatJunit } from "./format/junit";
import { formatTable } from "./format/table";
import { agentEvaluation, splitByScope } from "./agent-evaluation";
import { loadCriteria } from "./load-criteria";
import { missingFiles, readInputs, type InputFile } from "./read-inputs";
import type { EvalReport, SavedRunInfo } from "./report";
import type { CliIo } from "./io";

function usageError(io: CliIo, messages: readonly string[]): ExitCode {
  io.stderr(messages.map((message) => `callboard: ${message}\n`).join(""));
  return EXIT.usage;
}

/** `callboard eval`: criteria, inputs and judge checked first, then (with --save) the stored run, then the report. */
export async function runEval(options: EvalOptions, io: CliIo): Promise<ExitCode> {
  const criteria = loadCriteria(options.criteria, options.criteriaFiles, (file) => readFileSync(path.resolve(io.cwd, file), "utf8"));
  if (!criteria.ok) return usageError(io, criteria.messages);
  const files = options.files.map((name): InputFile => ({ name, path: path.resolve(io.cwd, name) }));
  const missing = missingFiles(files);
  if (missing.length) return usageError(io, missing);
  const judge = judgeFromEnv(options.judge, io.env);
  if (!judge.ok) return usageError(io, [judge.reason]);

  let prisma: PrismaClient | undefined;
  let saved: SavedRunInfo | undefined;
  let cache: ResultCache | undefined;
  try {
    if (options.save) {
      // The database layer loads only when it is used.
      const [{ openDatabase }, { saveRun }, { judgeCacheFrom }] = await Promise.all([import("./save/open-database"), import("./save/save-run"), import("./save/judge-cache")]);
      const database = await openDatabase(io.env.DATABASE_URL, io.projectRoot);
      prisma = database.prisma;
      saved = await saveRun(prisma, {
        files: files.map((file) => file.path),
        criteria: criteria.criteria,
        judge: judge.value.settings,
        mode: options.mode,
        name: options.name,
        concurrency: options.concurrency,
        env: io.env,
        database: database.path,
        onError: (error) => io.stderr(`callboard: worker: ${error instanceof Error ? error.message : String(error)}\n`),
      });
      cache = judgeCacheFrom(prisma);
    }

    const rejected: ImportError[] = [];
    const inputs = readInputs(files, (error) => {
      rejected.push(error);
      io.stderr(`callboard: rejected ${describeImportError(error)}\n`);
    });
    const split = splitByScope(criteria.criteria);
    const agents = agentEvaluation(split.agent, options, judge.value, cache);
    const callResults = await evaluateTranscripts({
      items: agents.tap(inputs),
      criteria: split.call.map((entry) => entry.criterion),
      judge: judge.value.judge,
      judgeSettings: judge.value.settings,
      timeoutMs: judge.value.timeoutMs,
      mode: options.mode,
      concurrency: options.concurrency,
      cache,
    });
    // Per item, its calls' results then its agent-level ones; criterionIndex counts every criterion given.
    const results: EvalResult[] = [...callResults.map((result) => ({ ...result, criterionIndex: split.call[result.criterionIndex].index })), ...(await agents.results())].sort((a, b) => a.item - b.item);
    const summary = summarise(results, criteria.criteria);
    const report: EvalReport = {
      judge: judge.value.judge.id,
      mode: options.mode,
      files: options.files,
      criteria: criteria.criteria,
      results,
      summary,
      gate: gate(summary, options.failUnder),
      rejected,
      ...(saved ? { saved } : {}),
    };
    io.stdout(render(report, options));
    if (rejected.length && !options.allowInvalid) {
      io.stderr(`callboard: ${rejected.length} input item${rejected.length === 1 ? " was" : "s were"} rejected; exiting with 2 (pass --allow-invalid to gate on the rest)\n`);
      return EXIT.usage;
    }
    return report.gate.passed ? EXIT.pass : EXIT.gateFailed;
  } finally {
    await prisma?.$disconnect();
  }
}

function render(report: EvalReport, options: EvalOptions): string {
  switch (options.format) {
    case "json":
      return formatJson(report);
    case "junit":
      return formatJunit(report);
    case "table":
      return formatTable(report, { verbose: options.verbose });
  }
}
