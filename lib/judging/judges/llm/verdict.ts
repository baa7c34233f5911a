import type { Criterion } from "@/lib/criteria/parse";
import type { Finding, JudgeResult, JudgeUsage } from "@/lib/judging/judges/types";
import { badOutputError } from "./http-errors";
import { verdictSchemaFor, type VerdictFinding } from "./verdict-schema";

export interface VerdictContext {
  /** Only its scale matters here: tool-call and agent-level criteria share the verdict shape. */
  criterion: Pick<Criterion, "scale">;
  judgeId: string;
  usage?: JudgeUsage;
}

/**
 * Text a model produced as "JSON". Servers without structured output (json_object fallback,
 * llama.cpp without a grammar) wrap it in a Markdown fence now and then; nothing else is forgiven.
 */
export function parseJsonText(text: string, judgeId: string): unknown {
  const trimmed = text.trim();
  const fenced = trimmed.length >= 6 && trimmed.startsWith("```") && trimmed.endsWith("```");
  const body = fenced ? trimmed.slice(3, -3).replace(/^json/i, "").trim() : trimmed;
  if (!body) throw badOutputError(judgeId, "the model returned no content", { retryable: true });
  try {
    return JSON.parse(body) as unknown;
  } catch {
    const preview = body.length > 120 ? `${body.slice(0, 119)}…` : body;
    throw badOutputError(judgeId, `the model's answer is not JSON: ${JSON.stringify(preview)}`, { retryable: true });
  }
}

function toFinding(finding: VerdictFinding): Finding {
  const result: Finding = { check: finding.check, severity: finding.severity, message: finding.message };
  if (finding.path) result.path = finding.path;
  if (finding.evidence) result.evidence = finding.evidence;
  return result;
}

function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/**
 * Turns the model's structured answer into a JudgeResult. The model already applied the
 * prefix (the prompt spells it out); this validates the answer and derives the fields the
 * model does not give: binary criteria score 1 or 0, continuous ones have passed = null.
 * An answer that breaks the contract is an error, never a guessed score.
 */
export function verdictToResult(output: unknown, context: VerdictContext): JudgeResult {
  const { criterion, judgeId, usage } = context;
  // Malformed output is a sampling accident: another try may well succeed.
  const invalid = (detail: string) => badOutputError(judgeId, detail, { retryable: true });
  const parsed = verdictSchemaFor(criterion.scale).safeParse(output);
  if (!parsed.success) throw invalid(`the verdict does not match the schema (${describeIssues(parsed.error.issues)})`);
  const verdict = parsed.data;
  const base = {
    explanation: verdict.explanation,
    findings: verdict.findings.map(toFinding),
    measuredBy: [judgeId],
    ...(usage ? { usage } : {}),
  };
  if (!verdict.applicable) return { ...base, score: null, passed: null, applicable: false };
  if ("score" in verdict) {
    const { score } = verdict;
    if (score === null) throw invalid("the verdict is applicable but has no score");
    if (score < 0 || score > 1) throw invalid(`score ${score} is outside [0, 1]`);
    return { ...base, score, passed: null, applicable: true };
  }
  if (verdict.passed === null) throw invalid("the verdict is applicable but says neither pass nor fail");
  return { ...base, score: verdict.passed ? 1 : 0, passed: verdict.passed, applicable: true };
}
