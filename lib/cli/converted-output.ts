import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LineError } from "@/lib/references/json-lines";
import { EXIT, type ExitCode } from "./exit-codes";
import type { CliIo } from "./io";
import { describeReadError } from "./load-criteria";

/** What the converters share: reading their input files, writing JSON Lines, and saying what went wrong where. */

const LISTED = 50;

export interface InputText {
  /** As the user typed it: problems name it so. */
  name: string;
  text: string;
}

/** Each file's text, in order, or every file that cannot be read as `--option file: reason`. */
export function readInputTexts(io: CliIo, files: readonly { option: string; name: string }[]): { ok: true; texts: InputText[] } | { ok: false; messages: string[] } {
  const texts: InputText[] = [];
  const messages: string[] = [];
  for (const { option, name } of files) {
    try {
      texts.push({ name, text: readFileSync(path.resolve(io.cwd, name), "utf8") });
    } catch (error) {
      messages.push(`--${option} ${name}: ${describeReadError(error)}`);
    }
  }
  return messages.length ? { ok: false, messages } : { ok: true, texts };
}

/** The lines to `--out` (relative to where the command was typed), or to standard output. */
export function writeLines(io: CliIo, out: string | undefined, lines: readonly string[]): void {
  const text = lines.length ? `${lines.join("\n")}\n` : "";
  if (out === undefined) io.stdout(text);
  else writeFileSync(path.resolve(io.cwd, out), text);
}

/** Files that cannot be read: a usage error. */
export function unreadable(io: CliIo, messages: readonly string[]): ExitCode {
  io.stderr(messages.map((message) => `callboard: ${message}\n`).join(""));
  return EXIT.usage;
}

/**
 * The summary, notes and problems on standard error (standard output may be the data), and the
 * exit code: 2 when nothing was converted, or when a problem was found without --allow-invalid,
 * so that a broken input does not pass unnoticed in a script.
 */
export function reportConversion(io: CliIo, report: { command: string; summary: string; notes: readonly string[]; problems: readonly LineError[]; converted: number; allowInvalid: boolean }): ExitCode {
  const { problems } = report;
  const lines = [`callboard ${report.command}: ${report.summary}${problems.length ? `; ${problems.length} problem${problems.length === 1 ? "" : "s"}:` : ""}`];
  for (const problem of problems.slice(0, LISTED)) lines.push(`  ${problem.file}:${problem.line}: ${problem.message}`);
  if (problems.length > LISTED) lines.push(`  and ${problems.length - LISTED} more`);
  for (const note of report.notes) lines.push(`  note: ${note}`);
  io.stderr(`${lines.join("\n")}\n`);
  if (report.converted === 0) return EXIT.usage;
  return problems.length && !report.allowInvalid ? EXIT.usage : EXIT.pass;
}
