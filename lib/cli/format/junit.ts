import { describeImportError } from "@/lib/transcripts/import-error-text";
import { formatNumber } from "@/lib/judging/engine/gate";
import type { CriterionSummary } from "@/lib/judging/engine/summarise";
import type { EvalResult } from "@/lib/judging/engine/types";
import type { EvalReport } from "../report";
import { attributes, escapeXmlText } from "./xml";
import { resultLabel, resultProblem, viewLabel } from "./verdict";

/**
 * JUnit XML for CI test reports: one testsuite per criterion and one testcase per call (and
 * view). A failed verdict, or a score below --fail-under, is a <failure>; an evaluation that
 * errored is an <error>; a not-applicable result is <skipped>. Rejected input items get a suite
 * of their own, as errors, so a broken file shows in the report too.
 */
export function formatJunit(report: EvalReport): string {
  const suites = report.summary.criteria.map((summary) => criterionSuite(summary, report));
  if (report.rejected.length) suites.push(rejectedSuite(report));
  const totals = suites.reduce(
    (sum, suite) => ({ tests: sum.tests + suite.tests, failures: sum.failures + suite.failures, errors: sum.errors + suite.errors, skipped: sum.skipped + suite.skipped }),
    { tests: 0, failures: 0, errors: 0, skipped: 0 },
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites ${attributes({ name: `callboard eval (${report.judge}, ${report.mode})`, ...totals })}>`,
    ...suites.flatMap((suite) => suite.lines),
    `</testsuites>`,
    "",
  ].join("\n");
}

interface Suite {
  lines: string[];
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function criterionSuite(summary: CriterionSummary, report: EvalReport): Suite {
  const results = report.results.filter((result) => result.criterionIndex === summary.criterionIndex);
  const failUnder = report.gate.failUnder;
  const gateReasons = report.gate.failures.filter((failure) => failure.criterionIndex === summary.criterionIndex).map((failure) => failure.reason);
  const cases = results.map((result) => testCase(result, failUnder));
  const counts = {
    tests: results.length,
    failures: cases.filter((c) => c.kind === "failure").length,
    errors: cases.filter((c) => c.kind === "error").length,
    skipped: cases.filter((c) => c.kind === "skipped").length,
  };
  const properties = {
    criterion: summary.criterion,
    scale: summary.scale,
    "mean-score": summary.meanScore === null ? "" : formatNumber(summary.meanScore),
    "pass-rate": summary.passRate === null ? "" : formatNumber(summary.passRate),
    "not-applicable": String(summary.notApplicable),
    gate: gateReasons.length ? `failed: ${gateReasons.join("; ")}` : "passed",
  };
  return {
    ...counts,
    lines: [
      `  <testsuite ${attributes({ name: `C${summary.criterionIndex + 1} ${summary.criterion}`, ...counts })}>`,
      `    <properties>`,
      ...Object.entries(properties).map(([name, value]) => `      <property ${attributes({ name, value })}/>`),
      `    </properties>`,
      ...cases.flatMap((c) => c.lines),
      `  </testsuite>`,
    ],
  };
}

function testCase(result: EvalResult, failUnder: number | null): { kind: "pass" | "failure" | "error" | "skipped"; lines: string[] } {
  const open = `    <testcase ${attributes({ classname: result.transcript, name: `${resultLabel(result)} (${viewLabel(result)})`, time: seconds(result.latencyMs) })}>`;
  const output = `      <system-out>${escapeXmlText(describe(result))}</system-out>`;
  if (result.status === "not-applicable") return { kind: "skipped", lines: [open, `      <skipped ${attributes({ message: `not applicable: ${result.explanation}` })}/>`, output, `    </testcase>`] };
  const problem = resultProblem(result, failUnder);
  if (!problem) return { kind: "pass", lines: [open, output, `    </testcase>`] };
  const type = problem.kind === "error" ? (result.errorKind ?? "error") : result.scale === "binary" ? "verdict" : "score";
  return {
    kind: problem.kind,
    lines: [open, `      <${problem.kind} ${attributes({ message: problem.message, type })}>${escapeXmlText(describe(result))}</${problem.kind}>`, `    </testcase>`],
  };
}

function describe(result: EvalResult): string {
  const lines = [result.status === "error" ? `error: ${result.error ?? ""}` : result.explanation];
  for (const finding of result.findings) {
    lines.push(`- ${finding.severity} ${finding.check}${finding.path ? ` ${finding.path}` : ""}: ${finding.message}${finding.evidence ? ` [${finding.evidence}]` : ""}`);
  }
  return lines.join("\n");
}

function rejectedSuite(report: EvalReport): Suite {
  const lines = report.rejected.map((error) => {
    const where = error.index !== undefined ? `index ${error.index}` : error.line !== undefined ? `line ${error.line}` : "file";
    return [
      `    <testcase ${attributes({ classname: error.file, name: `${where}${error.path ? ` ${error.path}` : ""}` })}>`,
      `      <error ${attributes({ message: error.message, type: error.code })}>${escapeXmlText(describeImportError(error))}</error>`,
      `    </testcase>`,
    ];
  });
  const count = report.rejected.length;
  return {
    tests: count,
    failures: 0,
    errors: count,
    skipped: 0,
    lines: [`  <testsuite ${attributes({ name: "rejected input items", tests: count, failures: 0, errors: count, skipped: 0 })}>`, ...lines.flat(), `  </testsuite>`],
  };
}

function seconds(ms: number | null): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}
