import { formatPercent } from "@/lib/platform/format";
import { formatNumber, gateValue } from "@/lib/judging/engine/gate";
import type { CriterionSummary } from "@/lib/judging/engine/summarise";
import type { EvalResult } from "@/lib/judging/engine/types";
import type { EvalReport } from "../report";
import { alignColumns, truncate } from "./columns";
import { headline, resultLabel, verdictText, viewLabel } from "./verdict";

export interface TableOptions {
  verbose?: boolean;
  /** Characters of the detail column; the table stays readable in a CI log. */
  detailWidth?: number;
}

const NAME_WIDTH = 40;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The human report: criteria, one line per call × criterion × view, a summary per criterion and the gate. */
export function formatTable(report: EvalReport, options: TableOptions = {}): string {
  const { summary } = report;
  const lines: string[] = [
    `Callboard eval · judge ${report.judge} · mode ${report.mode} · ${plural(report.files.length, "file")}, ${plural(summary.transcripts, "transcript")}, ${plural(summary.calls, "tool call")}`,
    "",
    ...alignColumns(report.criteria.map((criterion, index) => [`  C${index + 1}`, criterion.scale, criterion.text])),
    "",
  ];
  if (report.results.length) lines.push(...resultLines(report.results, options), "");
  else lines.push("No tool calls to evaluate.", "");
  lines.push(...summaryLines(summary.criteria, report), "");
  lines.push(gateLine(report));
  if (report.rejected.length) lines.push(`${plural(report.rejected.length, "input item")} rejected (listed on stderr).`);
  if (report.saved) lines.push(savedLine(report));
  return `${lines.join("\n")}\n`;
}

function resultLines(results: readonly EvalResult[], options: TableOptions): string[] {
  const detailWidth = options.detailWidth ?? 100;
  // Verbose output gives the detail on lines of its own, below each row.
  const header = ["TRANSCRIPT", "CALL", "VIEW", "CRITERION", "RESULT", ...(options.verbose ? [] : ["DETAIL"])];
  const rows: string[][] = [header];
  let previous = -1;
  for (const result of results) {
    // The name once per transcript: the rows below it are its calls.
    const name = result.item === previous ? "" : truncate(result.transcript, NAME_WIDTH);
    previous = result.item;
    const row = [name, resultLabel(result), viewLabel(result), `C${result.criterionIndex + 1}`, verdictText(result)];
    rows.push(options.verbose ? row : [...row, truncate(headline(result), detailWidth)]);
  }
  const aligned = alignColumns(rows);
  if (!options.verbose) return aligned;
  return aligned.flatMap((line, index) => (index === 0 ? [line] : [line, ...details(results[index - 1])]));
}

function details(result: EvalResult): string[] {
  const lines = [`    ${result.status === "error" ? `error (${result.errorKind ?? "unknown"}): ${result.error ?? ""}` : result.explanation}`];
  for (const finding of result.findings) {
    const where = finding.path ? ` ${finding.path}` : "";
    const evidence = finding.evidence ? ` [${finding.evidence}]` : "";
    lines.push(`    - ${finding.severity} ${finding.check}${where}: ${finding.message}${evidence}`);
  }
  return lines;
}

function summaryLines(criteria: readonly CriterionSummary[], report: EvalReport): string[] {
  const failures = new Map<number, string[]>();
  for (const failure of report.gate.failures) failures.set(failure.criterionIndex, [...(failures.get(failure.criterionIndex) ?? []), failure.reason]);
  const rows = [["CRITERION", "SCALE", "JUDGED", "N/A", "ERRORS", "MEAN", "PASS RATE", "GATE"]];
  for (const criterion of criteria) {
    const reasons = failures.get(criterion.criterionIndex);
    const value = gateValue(criterion);
    rows.push([
      `C${criterion.criterionIndex + 1}`,
      criterion.scale,
      String(criterion.judged),
      String(criterion.notApplicable),
      String(criterion.errors),
      criterion.meanScore === null ? "-" : formatNumber(criterion.meanScore),
      criterion.passRate === null ? "-" : `${formatPercent(criterion.passRate)} (${criterion.passed} of ${criterion.judged})`,
      reasons ? `FAIL: ${reasons.join("; ")}` : report.gate.failUnder !== null && value !== null ? `ok (≥ ${report.gate.failUnder})` : "ok",
    ]);
  }
  return alignColumns(rows, new Set([2, 3, 4]));
}

function gateLine(report: EvalReport): string {
  const { gate } = report;
  const threshold = gate.failUnder === null ? "no --fail-under: only errors fail it" : `--fail-under ${gate.failUnder}`;
  if (gate.passed) return `Gate: passed (${threshold}).`;
  const failed = new Set(gate.failures.map((failure) => failure.criterionIndex)).size;
  return `Gate: FAILED (${threshold}): ${failed} of ${plural(report.criteria.length, "criterion").replace(/criterions$/, "criteria")} failed.`;
}

function savedLine(report: EvalReport): string {
  const saved = report.saved;
  if (!saved) return "";
  if (!saved.runId) return `Not saved as a run: ${saved.note ?? "nothing new to store"}`;
  return `Saved run "${saved.name}" (${saved.runId}) in ${saved.database}: ${plural(saved.evaluations, "evaluation")}, ${plural(saved.errors, "error")}; open /runs/${saved.runId} in the dashboard.${saved.note ? ` ${saved.note}` : ""}`;
}
