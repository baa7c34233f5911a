import { evaluateTranscripts } from "@/lib/evaluate/evaluate-transcripts";
import { gate } from "@/lib/evaluate/gate";
import { judgeFromEnv } from "@/lib/evaluate/judge-from-env";
import { summarise } from "@/lib/evaluate/summarise";
import type { ResultCache } from "@/lib/evaluate/types";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JudgeEnv } from "@/lib/judges/registry";
import { describeImportError } from "@/lib/transcripts/import-error-text";
import type { ImportError } from "@/lib/transcripts/import-types";
import { parseCliArgs, type EvalOptions } from "./args";
import { EXIT, type ExitCode } from "./exit-codes";
import { formatJson } from "./format/json";
import { formatJunit } from "./format/junit";
import { formatTable } from "./format/table";
import { EVAL_HELP, MAIN_HELP } from "./help";
import { loadCriteria } from "./load-criteria";
import { missingFiles, readInputs } from "./read-inputs";
import type { EvalReport, SavedRunInfo } from "./report";
import { judgeCacheFrom } from "./save/judge-cache";
import { openDatabase } from "./save/open-database";
import { saveRun } from "./save/save-run";

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: JudgeEnv;
  /** Where prisma/ lives: migrations, and relative DATABASE_URL paths, are taken from here. */
  projectRoot: string;
}

/** Runs one command line and returns the exit code; all output goes through `io`. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const parsed = parseCliArgs(argv);
  if (!parsed.ok) {
    io.stderr(`callboard: ${parsed.message.split("\n").join("\ncallboard: ")}\nRun \`callboard ${parsed.topic === "eval" ? "eval " : ""}--help\` for usage.\n`);
    return EXIT.usage;
  }
  if (parsed.command === "help") {
    io.stdout(parsed.topic === "eval" ? EVAL_HELP : MAIN_HELP);
    return EXIT.pass;
  }
  try {
    return await runEval(parsed.options, io);
  } catch (error) {
    io.stderr(`callboard: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
}

function usageError(io: CliIo, messages: readonly string[]): ExitCode {
  io.stderr(messages.map((message) => `callboard: ${message}\n`).join(""));
  return EXIT.usage;
}

async function runEval(options: EvalOptions, io: CliIo): Promise<ExitCode> {
  const criteria = loadCriteria(options.criteria, options.criteriaFiles);
  if (!criteria.ok) return usageError(io, criteria.messages);
  const missing = missingFiles(options.files);
  if (missing.length) return usageError(io, missing);
  const judge = judgeFromEnv(options.judge, io.env);
  if (!judge.ok) return usageError(io, [judge.reason]);

  let prisma: PrismaClient | undefined;
  let saved: SavedRunInfo | undefined;
  let cache: ResultCache | undefined;
  try {
    if (options.save) {
      const database = await openDatabase(io.env.DATABASE_URL, io.projectRoot);
      prisma = database.prisma;
      saved = await saveRun(prisma, {
        files: options.files,
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
    const results = await evaluateTranscripts({
      items: readInputs(options.files, (error) => {
        rejected.push(error);
        io.stderr(`callboard: rejected ${describeImportError(error)}\n`);
      }),
      criteria: criteria.criteria,
      judge: judge.value.judge,
      judgeSettings: judge.value.settings,
      timeoutMs: judge.value.timeoutMs,
      mode: options.mode,
      concurrency: options.concurrency,
      cache,
    });
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
