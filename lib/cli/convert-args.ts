import { z } from "zod";

/**
 * Options of the converters: `callboard import-bfcl` (BFCL's files → transcripts with references)
 * and `callboard references tau|tau2` (a benchmark's tasks → a references file).
 */

export const IMPORT_BFCL_OPTIONS = ["questions", "answers", "results", "out", "allow-invalid", "help"] as const;
export const REFERENCES_OPTIONS = ["tasks", "tools", "free-tools", "out", "allow-invalid", "help"] as const;

const file = (option: string, what: string) => z.string({ error: `--${option} <file> is required: ${what}` }).trim().min(1, `--${option} needs a file name`);

export const importBfclOptionsSchema = z.object({
  questions: file("questions", "BFCL's question file, e.g. BFCL_v4_simple_python.json"),
  answers: file("answers", "").optional(),
  results: file("results", "").optional(),
  out: file("out", "").optional(),
  allowInvalid: z.boolean().default(false),
});

export type ImportBfclOptions = z.output<typeof importBfclOptionsSchema>;

/**
 * Which benchmark the tasks come from, named rather than guessed: tau-bench's tasks are Python
 * modules keyed by position, tau2's a JSON array keyed by id, and a guess that picked the wrong
 * one would key every reference to the wrong transcripts.
 */
export const TASK_FORMATS = ["tau", "tau2"] as const;

export const referencesOptionsSchema = z.object({
  format: z.enum(TASK_FORMATS, {
    error: (issue) => (issue.input === undefined ? "name the benchmark: `callboard references tau2 --tasks tasks.json` or `callboard references tau --tasks tasks_test.py`" : `unknown benchmark ${JSON.stringify(issue.input)}: use tau (tau-bench's tasks_*.py) or tau2 (tau2-bench's tasks.json)`),
  }),
  tasks: file("tasks", "the benchmark's task file (tau2: tasks.json; tau: tasks_test.py)"),
  tools: z.array(z.string().trim().min(1, "--tools needs a file name")),
  freeTools: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((name) => name.trim()).filter((name) => name.length > 0)),
  out: file("out", "").optional(),
  allowInvalid: z.boolean().default(false),
});

export type ReferencesOptions = z.output<typeof referencesOptionsSchema>;
