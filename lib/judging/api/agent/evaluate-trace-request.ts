import { randomUUID } from "node:crypto";
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import type { Criterion } from "@/lib/criteria/prefixes";
import { isJudgeError } from "@/lib/judging/judges/registry";
import type { AgentJudge, TranscriptView } from "@/lib/judging/judges/agent";
import type { JudgeResult } from "@/lib/judging/judges/types";
import { importItem } from "@/lib/transcripts/import-item";
import { formatZodIssues } from "@/lib/transcripts/zod-errors";
import { evalRequestSchema, traceEnvelopeSchema } from "@/lib/judging/schemas/eval-request";
import type { ErrorBody } from "../evaluate-request";
import { agentInstanceToChat } from "./composo-trace";
import { multiAgentTraceSchema } from "./composo-trace-schema";
import { fromResult, overallVerdict, resultsByAgentName, type AgentResults, type JudgedInstance, type TraceVerdict } from "./trace-answer";

export type TraceBody = TraceVerdict & { request_id?: string; results_by_agent_name?: Record<string, AgentResults> };
export type TraceAnswer = { status: 200; body: TraceBody } | { status: 400 | 422 | 429 | 502; body: ErrorBody; retryAfterSeconds?: number };

type Step<T> = { ok: true; value: T } | { ok: false; answer: TraceAnswer };

const badRequest = (error: string, path: string, issues?: ErrorBody["issues"]): { ok: false; answer: TraceAnswer } => ({
  ok: false,
  answer: { status: 400, body: { error, path, ...(issues && issues.length > 1 ? { issues } : {}) } },
});

/**
 * `POST /api/v1/evals/trace`: an agent-level criterion over a whole transcript. Two bodies:
 * the Composo SDK's `{trace, evaluation_criteria, model_core?}` (every agent instance with LLM
 * interactions judged on its own, answered per agent name as the SDK parses it, plus one overall
 * `{score, explanation}`), or `{messages, tools?, system_message?, evaluation_criteria}` like
 * /reward's, judged as one transcript.
 */
export async function evaluateTraceRequest(body: unknown, judge: AgentJudge, signal?: AbortSignal): Promise<TraceAnswer> {
  const sdkTrace = typeof body === "object" && body !== null && !Array.isArray(body) && "trace" in body;
  return sdkTrace ? evaluateSdkTrace(body, judge, signal) : evaluateTranscript(body, judge, signal);
}

async function evaluateTranscript(body: unknown, judge: AgentJudge, signal?: AbortSignal): Promise<TraceAnswer> {
  const envelope = evalRequestSchema.safeParse(body);
  if (!envelope.success) {
    const issues = formatZodIssues(envelope.error.issues, body);
    return badRequest(issues[0].message, issues[0].path, issues).answer;
  }
  const criterion = agentCriterion(envelope.data.criterion);
  if (!criterion.ok) return criterion.answer;
  const imported = importItem(envelope.data.request, { file: "request body" });
  if (!imported.ok) return badRequest(imported.error.message, imported.error.path, imported.error.issues).answer;
  const judged = await judgeOne(judge, criterion.value, imported.transcript, signal);
  if (!judged.ok) return judged.answer;
  return { status: 200, body: fromResult(criterion.value.scale, judged.value, judge.id) };
}

async function evaluateSdkTrace(body: object, judge: AgentJudge, signal?: AbortSignal): Promise<TraceAnswer> {
  const envelope = traceEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    const issues = formatZodIssues(envelope.error.issues, body);
    return badRequest(issues[0].message, issues[0].path, issues).answer;
  }
  const criterion = agentCriterion(envelope.data.evaluation_criteria);
  if (!criterion.ok) return criterion.answer;
  const trace = multiAgentTraceSchema.safeParse(envelope.data.trace);
  if (!trace.success) {
    // Formatted against the whole body, so each path and sentence starts at `trace`.
    const issues = formatZodIssues(trace.error.issues.map((issue) => ({ ...issue, path: ["trace", ...issue.path] })), body);
    return badRequest(issues[0].message, issues[0].path, issues).answer;
  }

  const { root_agent_instance_id: root, agent_instance_by_id: byId } = trace.data;
  // The instance the user invoked first, then the others in the order sent.
  const ids = [root, ...Object.keys(byId).filter((id) => id !== root)];
  const instances: JudgedInstance[] = [];
  for (const id of ids) {
    const instance = byId[id];
    const path = `trace.agent_instance_by_id.${id}`;
    const chat = agentInstanceToChat(instance, path);
    if (!chat.ok) return badRequest(`${chat.path}: ${chat.message}`, chat.path).answer;
    if (!chat.body) {
      instances.push({ id, name: instance.name, result: null });
      continue;
    }
    const imported = importItem(chat.body, { file: "trace" });
    if (!imported.ok) return badRequest(`${path} (read as OpenAI chat messages): ${imported.error.message}`, path).answer;
    const judged = await judgeOne(judge, criterion.value, imported.transcript, signal);
    if (!judged.ok) return judged.answer;
    instances.push({ id, name: instance.name, result: judged.value });
  }
  if (instances.every((instance) => instance.result === null)) {
    return { status: 422, body: { error: "the trace holds no LLM interaction to evaluate: every agent instance only lists sub-agent ids", path: "trace.agent_instance_by_id" } };
  }
  const scale = criterion.value.scale;
  return {
    status: 200,
    body: { ...overallVerdict(scale, instances, judge.id), request_id: randomUUID(), results_by_agent_name: resultsByAgentName(scale, instances) },
  };
}

function agentCriterion(text: string): Step<Criterion> {
  const parsed = parseAgentCriterion(text);
  if (!parsed.ok) return badRequest(`evaluation_criteria: ${parsed.message}`, "evaluation_criteria");
  return { ok: true, value: parsed.criterion };
}

async function judgeOne(judge: AgentJudge, criterion: Criterion, transcript: TranscriptView, signal?: AbortSignal): Promise<Step<JudgeResult>> {
  try {
    return { ok: true, value: await judge.evaluateTranscript({ criterion, content: { messages: transcript.messages, tools: transcript.tools } }, signal) };
  } catch (error) {
    const message = `the ${judge.id} judge failed: ${error instanceof Error ? error.message : String(error)}`;
    if (isJudgeError(error) && error.kind === "rate_limit") {
      const retryAfterSeconds = error.retryAfterMs !== undefined ? Math.ceil(error.retryAfterMs / 1000) : undefined;
      return { ok: false, answer: { status: 429, body: { error: message }, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) } };
    }
    return { ok: false, answer: { status: 502, body: { error: message } } };
  }
}
