import { gate } from "@/lib/judging/engine/gate";
import { summarise } from "@/lib/judging/engine/summarise";
import { ACCURACY, CORRECT, result } from "@/lib/judging/engine/test-fixtures/items";
import type { CallResult } from "@/lib/judging/engine/types";
import type { ImportError } from "@/lib/transcripts/import-types";
import type { EvalReport } from "@/lib/cli/report";

/** A small report for format tests: two transcripts, a continuous and a binary criterion. */
export function testReport(options: { failUnder?: number; results?: CallResult[]; rejected?: ImportError[] } = {}): EvalReport {
  const results = options.results ?? [
    result({ transcript: "Weather <Paris> & \"friends\"", score: 0.9, explanation: "Found no problem." }),
    result({ criterionIndex: 1, criterion: CORRECT.text, scale: "binary", score: 1, passed: true }),
    result({
      item: 1,
      transcript: "Refund",
      toolName: "issue_refund",
      callOrdinal: 2,
      score: 0.3,
      explanation: "Found 1 problem.",
      findings: [{ check: "schema-violation", severity: "major", path: "amount", message: '"amount" must be number but is string.', evidence: "\"12\" < 'x'" }],
    }),
    result({ item: 1, transcript: "Refund", toolName: "issue_refund", callOrdinal: 2, criterionIndex: 1, criterion: CORRECT.text, scale: "binary", score: 0, passed: false, explanation: "fails" }),
    result({ item: 1, transcript: "Refund", toolName: "lookup", callOrdinal: 3, mode: "immediate", status: "not-applicable", score: null, explanation: "no response" }),
    result({ item: 1, transcript: "Refund", toolName: "lookup", callOrdinal: 3, mode: "immediate", criterionIndex: 1, criterion: CORRECT.text, scale: "binary", status: "error", score: null, explanation: "", error: "timed out\u0007", errorKind: "timeout" }),
  ];
  const criteria = [ACCURACY, CORRECT];
  const summary = summarise(results, criteria);
  return { judge: "checks", mode: "auto", files: ["runs.jsonl"], criteria, results, summary, gate: gate(summary, options.failUnder), rejected: options.rejected ?? [] };
}
