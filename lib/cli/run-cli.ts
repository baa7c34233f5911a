import { parseCliArgs } from "./args";
import { EXIT, type ExitCode } from "./exit-codes";
import { HELP } from "./help";
import type { CliIo } from "./io";

export type { CliIo } from "./io";

/** Runs one command line and returns the exit code; all output goes through `io`. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const parsed = parseCliArgs(argv);
  if (!parsed.ok) {
    io.stderr(`callboard: ${parsed.message.split("\n").join("\ncallboard: ")}\nRun \`callboard ${parsed.topic === "main" ? "" : `${parsed.topic} `}--help\` for usage.\n`);
    return EXIT.usage;
  }
  if (parsed.command === "help") {
    io.stdout(HELP[parsed.topic]);
    return EXIT.pass;
  }
  try {
    // The converters load no judge: they start fast.
    if (parsed.command === "import-bfcl") return (await import("./run-import-bfcl")).runImportBfcl(parsed.options, io);
    if (parsed.command === "references") return (await import("./run-references")).runReferences(parsed.options, io);
    // Loaded only now: the judges pull in the provider SDKs, seconds of start-up that help and usage errors need not pay.
    const { runEval } = await import("./run-eval");
    return await runEval(parsed.options, io);
  } catch (error) {
    io.stderr(`callboard: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
}
