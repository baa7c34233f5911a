import { parseArgs } from "node:util";
import { z } from "zod";
import type { JudgeKind } from "@/lib/judging/judges/registry";
import { RUN_MODES } from "@/lib/runs/schemas/runs";
import { IMPORT_BFCL_OPTIONS, importBfclOptionsSchema, REFERENCES_OPTIONS, referencesOptionsSchema, type ImportBfclOptions, type ReferencesOptions } from "./convert-args";

// The registry's JUDGE_KINDS, written out: importing the registry loads every provider SDK,
// seconds of start-up that `--help` and usage errors should not pay. The check below keeps the
// two lists equal at compile time.
export const CLI_JUDGES = ["checks", "openai", "anthropic", "composo"] as const satisfies readonly JudgeKind[];
type MissingJudge = Exclude<JudgeKind, (typeof CLI_JUDGES)[number]>;
const everyJudgeListed: MissingJudge extends never ? true : never = true;
void everyJudgeListed;

export const OUTPUT_FORMATS = ["table", "json", "junit"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const OPTIONS = {
  criteria: { type: "string", short: "c", multiple: true },
  "criteria-file": { type: "string", multiple: true },
  judge: { type: "string", short: "j" },
  mode: { type: "string", short: "m" },
  format: { type: "string", short: "f" },
  "fail-under": { type: "string" },
  "allow-invalid": { type: "boolean" },
  save: { type: "boolean" },
  name: { type: "string" },
  concurrency: { type: "string" },
  verbose: { type: "boolean", short: "v" },
  help: { type: "boolean", short: "h" },
  questions: { type: "string" },
  answers: { type: "string" },
  results: { type: "string" },
  tasks: { type: "string" },
  tools: { type: "string", multiple: true },
  "free-tools": { type: "string" },
  out: { type: "string", short: "o" },
} as const;

type OptionName = keyof typeof OPTIONS;
const EVAL_OPTIONS = ["criteria", "criteria-file", "judge", "mode", "format", "fail-under", "allow-invalid", "save", "name", "concurrency", "verbose", "help"] as const satisfies readonly OptionName[];
/** Each command's options: one command's option given to another is a usage error, not silently ignored. */
const COMMANDS = { eval: EVAL_OPTIONS, "import-bfcl": IMPORT_BFCL_OPTIONS, references: REFERENCES_OPTIONS } as const satisfies Record<string, readonly OptionName[]>;
type CommandName = keyof typeof COMMANDS;
export type HelpTopic = "main" | CommandName;

const oneOf = (what: string, values: readonly string[]) => (issue: { input?: unknown }) =>
  `unknown ${what} ${JSON.stringify(issue.input)}: use one of ${values.join(", ")}`;

const evalOptionsSchema = z
  .object({
    files: z.array(z.string()).min(1, "no input file: give one or more transcript files, e.g. `callboard eval runs.jsonl --criteria …`"),
    criteria: z.array(z.string()),
    criteriaFiles: z.array(z.string()),
    judge: z.enum(CLI_JUDGES, { error: oneOf("judge", CLI_JUDGES) }).default("checks"),
    mode: z.enum(RUN_MODES, { error: oneOf("mode", RUN_MODES) }).default("auto"),
    format: z.enum(OUTPUT_FORMATS, { error: oneOf("format", OUTPUT_FORMATS) }).default("table"),
    failUnder: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const number = value.trim() === "" ? Number.NaN : Number(value);
        if (!Number.isFinite(number) || number < 0 || number > 1) {
          ctx.addIssue({ code: "custom", message: `--fail-under must be a number between 0 and 1, got ${JSON.stringify(value)}` });
          return z.NEVER;
        }
        return number;
      }),
    allowInvalid: z.boolean().default(false),
    save: z.boolean().default(false),
    name: z.string().trim().min(1, "--name must not be empty").max(120, "--name is at most 120 characters").optional(),
    concurrency: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const number = Number(value);
        if (!Number.isInteger(number) || number < 1 || number > 64) {
          ctx.addIssue({ code: "custom", message: `--concurrency must be a whole number from 1 to 64, got ${JSON.stringify(value)}` });
          return z.NEVER;
        }
        return number;
      }),
    verbose: z.boolean().default(false),
  })
  .refine((options) => options.criteria.length + options.criteriaFiles.length > 0, {
    message: 'no criteria: pass --criteria "Reward tool calls that …" (or "Penalize tool calls …", "Tool call passes if …", "Tool call fails if …"), or --criteria-file <file>',
  })
  .refine((options) => options.name === undefined || options.save, { message: "--name names a saved run: use it with --save" });

export type EvalOptions = z.output<typeof evalOptionsSchema>;

export type ParsedCommand =
  | { ok: true; command: "help"; topic: HelpTopic }
  | { ok: true; command: "eval"; options: EvalOptions }
  | { ok: true; command: "import-bfcl"; options: ImportBfclOptions }
  | { ok: true; command: "references"; options: ReferencesOptions }
  | { ok: false; message: string; topic: HelpTopic };

const isCommand = (name: string | undefined): name is CommandName => name !== undefined && Object.hasOwn(COMMANDS, name);
const issuesText = (error: z.ZodError) => error.issues.map((issue) => issue.message).join("\n");

/** The command line as a command and validated options, or every problem with it in one message. */
export function parseCliArgs(argv: readonly string[]): ParsedCommand {
  const named = argv.find((arg) => isCommand(arg));
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return { ok: false, message: describeParseError(error), topic: named ?? "main" };
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (command === undefined) return values.help ? { ok: true, command: "help", topic: "main" } : { ok: false, message: "no command: did you mean `callboard eval <file…> --criteria …`?", topic: "main" };
  if (command === "help") return { ok: true, command: "help", topic: isCommand(rest[0]) ? rest[0] : "main" };
  if (!isCommand(command)) return { ok: false, message: `unknown command ${JSON.stringify(command)}: the commands are eval, import-bfcl and references`, topic: "main" };
  if (values.help) return { ok: true, command: "help", topic: command };
  const allowed: readonly OptionName[] = COMMANDS[command];
  const foreign = (Object.keys(values) as OptionName[]).filter((option) => values[option] !== undefined && !allowed.includes(option));
  if (foreign.length) return { ok: false, message: foreign.map((option) => `--${option} is not an option of ${command}`).join("\n"), topic: command };

  if (command === "import-bfcl") {
    if (rest.length) return { ok: false, message: `import-bfcl takes files as options (--questions, --answers, --results), not ${JSON.stringify(rest[0])}`, topic: command };
    const options = importBfclOptionsSchema.safeParse({ questions: values.questions, answers: values.answers, results: values.results, out: values.out, allowInvalid: values["allow-invalid"] });
    return options.success ? { ok: true, command, options: options.data } : { ok: false, message: issuesText(options.error), topic: command };
  }
  if (command === "references") {
    if (rest.length > 1) return { ok: false, message: `references takes the benchmark (tau or tau2) and options, not ${JSON.stringify(rest[1])}`, topic: command };
    const options = referencesOptionsSchema.safeParse({ format: rest[0], tasks: values.tasks, tools: values.tools ?? [], freeTools: values["free-tools"], out: values.out, allowInvalid: values["allow-invalid"] });
    return options.success ? { ok: true, command, options: options.data } : { ok: false, message: issuesText(options.error), topic: command };
  }

  const options = evalOptionsSchema.safeParse({
    files: rest,
    criteria: values.criteria ?? [],
    criteriaFiles: values["criteria-file"] ?? [],
    judge: values.judge?.trim().toLowerCase(),
    mode: values.mode?.trim().toLowerCase(),
    format: values.format?.trim().toLowerCase(),
    failUnder: values["fail-under"],
    allowInvalid: values["allow-invalid"],
    save: values.save,
    name: values.name,
    concurrency: values.concurrency,
    verbose: values.verbose,
  });
  if (!options.success) return { ok: false, message: issuesText(options.error), topic: "eval" };
  return { ok: true, command: "eval", options: options.data };
}

function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  // Node quotes the option as '--judge', or '-j, --judge <value>': name it by its long form.
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) return `unknown option ${option}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) {
    if (/does not take an argument/.test(message)) return `${option} takes no value`;
    if (/ambiguous/.test(message)) return `${option} needs a value; write ${option}=<value> for one that starts with "-"`;
    return `${option} needs a value`;
  }
  return message;
}
