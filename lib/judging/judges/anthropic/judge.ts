import type Anthropic from "@anthropic-ai/sdk";
import type { Message, MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import type { CriterionScale } from "@/lib/criteria/prefixes";
import type { AgentJudge, AgentJudgeInput } from "@/lib/judging/judges/agent/types";
import type { Judge, JudgeInput, JudgeResult, JudgeUsage } from "@/lib/judging/judges/types";
import { DEFAULT_TIMEOUT_MS, withDeadline } from "@/lib/judging/judges/llm/deadline";
import { badOutputError } from "@/lib/judging/judges/llm/http-errors";
import { buildJudgePrompt, type JudgePrompt } from "@/lib/judging/judges/llm/prompt";
import { buildAgentPrompt } from "@/lib/judging/judges/llm/agent-prompt";
import { verdictToResult } from "@/lib/judging/judges/llm/verdict";
import { VERDICT_TOOL_NAME, verdictJsonSchema } from "@/lib/judging/judges/llm/verdict-schema";
import { createAnthropicClient } from "./client";
import { mapAnthropicError } from "./errors";
import { ANTHROPIC_DEFAULT_MAX_TOKENS, anthropicJudgeId, type AnthropicJudgeSettings } from "./settings";

const TOOL_DESCRIPTION = "Record your verdict on the judged tool call. Call it exactly once.";
const AGENT_TOOL_DESCRIPTION = "Record your verdict on the agent's whole run. Call it exactly once.";

function requestBody(settings: AnthropicJudgeSettings, scale: CriterionScale, prompt: JudgePrompt, description: string): MessageCreateParamsNonStreaming {
  return {
    model: settings.model,
    max_tokens: settings.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    system: prompt.system,
    messages: [{ role: "user", content: prompt.user }],
    tools: [{ name: VERDICT_TOOL_NAME, description, input_schema: verdictJsonSchema(scale) }],
    // Forcing the tool is what makes the answer structured: the model can only call it.
    tool_choice: { type: "tool", name: VERDICT_TOOL_NAME },
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
  };
}

function usageOf(message: Message, latencyMs: number): JudgeUsage {
  const usage: JudgeUsage = { latencyMs };
  if (typeof message.usage?.input_tokens === "number") usage.inputTokens = message.usage.input_tokens;
  if (typeof message.usage?.output_tokens === "number") usage.outputTokens = message.usage.output_tokens;
  return usage;
}

/** The input the model gave record_verdict, or why there is none. */
function verdictInput(message: Message, judgeId: string): unknown {
  if (message.stop_reason === "max_tokens") throw badOutputError(judgeId, "the answer was cut off by the token limit (raise maxTokens)");
  if (message.stop_reason === "refusal") throw badOutputError(judgeId, "the model refused to answer");
  const content = Array.isArray(message?.content) ? message.content : [];
  const call = content.find((block) => block.type === "tool_use" && block.name === VERDICT_TOOL_NAME);
  if (!call || call.type !== "tool_use") throw badOutputError(judgeId, `the model did not call ${VERDICT_TOOL_NAME}`, { retryable: true });
  return call.input;
}

/** A judge backed by the Anthropic Messages API, answering through a forced tool call. */
export function createAnthropicJudge(settings: AnthropicJudgeSettings, client: Anthropic = createAnthropicClient(settings)): Judge & AgentJudge {
  const id = anthropicJudgeId(settings.model);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const errorContext = { judgeId: id, timeoutMs, secrets: [settings.apiKey] };

  async function judge(scale: CriterionScale, prompt: JudgePrompt, description: string, signal?: AbortSignal): Promise<JudgeResult> {
    const started = performance.now();
    const message = await withDeadline({ judgeId: id, timeoutMs, signal, mapError: (error) => mapAnthropicError(error, errorContext) }, (requestSignal) =>
      client.messages.create(requestBody(settings, scale, prompt, description), { signal: requestSignal }),
    );
    const usage = usageOf(message, Math.round(performance.now() - started));
    return verdictToResult(verdictInput(message, id), { criterion: { scale }, judgeId: id, usage });
  }

  return {
    id,
    evaluate: (input: JudgeInput, signal?: AbortSignal) => judge(input.criterion.scale, buildJudgePrompt(input), TOOL_DESCRIPTION, signal),
    evaluateTranscript: (input: AgentJudgeInput, signal?: AbortSignal) => judge(input.criterion.scale, buildAgentPrompt(input), AGENT_TOOL_DESCRIPTION, signal),
  };
}
