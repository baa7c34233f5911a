import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import type { Finding, ViewMode } from "@/lib/judging/judges/types";
import { readItem } from "@/lib/transcripts/import-item";
import { formatZodIssues } from "@/lib/transcripts/zod-errors";
import { evalRequestSchema } from "@/lib/judging/schemas/eval-request";
import { evaluateTranscripts } from "../engine/evaluate-transcripts";
import type { ConfiguredJudge } from "../engine/judge-from-env";

export type EvalEndpoint = "reward" | "binary";

export interface ErrorBody {
  error: string;
  /** JSON path in the request body of the first problem; "" for the body itself. */
  path?: string;
  issues?: { path: string; message: string }[];
}

interface Extras {
  findings: Finding[];
  judge: string;
  /** How the call was judged: before its response (immediate) or with it (hindsight). */
  view: ViewMode;
  tool_call_id: string;
  tool_name: string;
}

/** `passed` only for a pass/fail criterion, whose score is then 1.0 or 0.0 (as the SDK reads /reward). */
export type RewardBody = { score: number | null; passed?: boolean | null; explanation: string } & Extras;
export type BinaryBody = { passed: boolean | null; explanation: string } & Extras;

export type EvalAnswer = { status: 200; body: RewardBody | BinaryBody } | { status: 400 | 422 | 429 | 502; body: ErrorBody };

const BINARY_PREFIXES = `"Tool call passes if …" or "Tool call fails if …"`;

/**
 * The evaluation API's contract on one request body, with the configured judge and no database.
 * The judged call is the transcript's last tool call: in hindsight when its response is in the
 * transcript (it ends with that response), immediately when the transcript ends with the call
 * itself. Null (score or passed) means the criterion does not apply to that call.
 */
export async function evaluateRequest(body: unknown, endpoint: EvalEndpoint, configured: ConfiguredJudge, signal?: AbortSignal): Promise<EvalAnswer> {
  const envelope = evalRequestSchema.safeParse(body);
  if (!envelope.success) {
    const issues = formatZodIssues(envelope.error.issues, body);
    return { status: 400, body: { error: issues[0].message, path: issues[0].path, issues } };
  }

  const criterion = criterionFor(envelope.data.criterion, endpoint);
  if (!criterion.ok) return { status: 400, body: { error: criterion.message, path: "evaluation_criteria" } };

  const imported = readItem(envelope.data.request, { file: "request body" });
  if (!imported.ok) {
    const { error } = imported;
    return { status: 400, body: { error: error.message, path: error.path, ...(error.issues ? { issues: error.issues } : {}) } };
  }
  const last = imported.sites.at(-1);
  if (!last) {
    return { status: 422, body: { error: "the messages hold no tool call to evaluate: the last assistant message with `tool_calls` is the one judged", path: "messages" } };
  }

  const [result] = await evaluateTranscripts({
    items: [{ name: imported.name, transcript: imported.transcript, sites: [last] }],
    criteria: [criterion.criterion],
    judge: configured.judge,
    judgeSettings: configured.settings,
    timeoutMs: configured.timeoutMs,
    mode: "auto",
    concurrency: 1,
    signal,
  });
  if (result.status === "error") {
    const error = `the ${configured.judge.id} judge failed: ${result.error ?? "unknown error"}`;
    // The client's own back-off (the SDK raises RateLimitError) is the right answer to a judge that is rate-limited.
    return result.errorKind === "rate_limit" ? { status: 429, body: { error } } : { status: 502, body: { error } };
  }
  const extras: Extras = { findings: result.findings, judge: configured.judge.id, view: result.mode, tool_call_id: result.callId, tool_name: result.toolName };
  const answer =
    endpoint === "binary"
      ? { passed: result.passed, explanation: result.explanation }
      : result.scale === "binary"
        ? { score: result.passed === null ? null : result.passed ? 1 : 0, passed: result.passed, explanation: result.explanation }
        : { score: result.score, explanation: result.explanation };
  return { status: 200, body: { ...answer, ...extras } };
}

/** /reward takes every tool-call criterion (the SDK sends all of them there); /binary only pass/fail ones. */
function criterionFor(text: string, endpoint: EvalEndpoint): { ok: true; criterion: Criterion } | { ok: false; message: string } {
  const parsed = parseCriterion(text);
  if (!parsed.ok) {
    const agent = parseAgentCriterion(text).ok ? " Agent-level criteria judge a whole transcript: send it to /api/v1/evals/trace." : "";
    return { ok: false, message: `evaluation_criteria: ${parsed.message}${agent}` };
  }
  if (endpoint === "reward" || parsed.criterion.scale === "binary") return parsed;
  return {
    ok: false,
    message: `evaluation_criteria: /api/v1/evals/binary takes a pass/fail criterion starting with ${BINARY_PREFIXES}; this one is continuous: send it to /api/v1/evals/reward.`,
  };
}
