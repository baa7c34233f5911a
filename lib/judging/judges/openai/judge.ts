import type OpenAI from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { CriterionScale } from "@/lib/criteria/prefixes";
import type { AgentJudge, AgentJudgeInput } from "@/lib/judging/judges/agent/types";
import type { Judge, JudgeInput, JudgeResult, JudgeUsage } from "@/lib/judging/judges/types";
import { DEFAULT_TIMEOUT_MS, withDeadline } from "@/lib/judging/judges/llm/deadline";
import { badOutputError } from "@/lib/judging/judges/llm/http-errors";
import { buildJudgePrompt, type JudgePrompt } from "@/lib/judging/judges/llm/prompt";
import { buildAgentPrompt } from "@/lib/judging/judges/llm/agent-prompt";
import { parseJsonText, verdictToResult } from "@/lib/judging/judges/llm/verdict";
import { VERDICT_TOOL_NAME, verdictJsonSchema } from "@/lib/judging/judges/llm/verdict-schema";
import { createOpenAIClient } from "./client";
import { mapOpenAIError, rejectsJsonSchema } from "./errors";
import { openaiJudgeId, type OpenAIJudgeSettings } from "./settings";

type OutputMode = "json_schema" | "json_object";

function requestBody(settings: OpenAIJudgeSettings, scale: CriterionScale, prompt: JudgePrompt, mode: OutputMode): ChatCompletionCreateParamsNonStreaming {
  return {
    model: settings.model,
    messages: [
      { role: "system", content: prompt.system },
      { role: "user", content: prompt.user },
    ],
    response_format:
      mode === "json_schema"
        ? { type: "json_schema", json_schema: { name: VERDICT_TOOL_NAME, strict: true, schema: verdictJsonSchema(scale) } }
        : { type: "json_object" },
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.maxTokens !== undefined ? { max_completion_tokens: settings.maxTokens } : {}),
  };
}

function usageOf(completion: ChatCompletion, latencyMs: number): JudgeUsage {
  const usage: JudgeUsage = { latencyMs };
  if (typeof completion.usage?.prompt_tokens === "number") usage.inputTokens = completion.usage.prompt_tokens;
  if (typeof completion.usage?.completion_tokens === "number") usage.outputTokens = completion.usage.completion_tokens;
  return usage;
}

/** The verdict text of a completion, or why there is none. */
function answerText(completion: ChatCompletion, judgeId: string): string {
  // Compatible servers are not always compatible: check the envelope rather than trust the types.
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  if (!choice?.message) throw badOutputError(judgeId, "the response has no choices", { retryable: true });
  const { message } = choice;
  if (message.refusal) throw badOutputError(judgeId, `the model refused: ${message.refusal}`);
  if (choice.finish_reason === "length") throw badOutputError(judgeId, "the answer was cut off by the token limit (raise maxTokens)");
  if (typeof message.content !== "string" || !message.content.trim()) throw badOutputError(judgeId, "the model returned no content", { retryable: true });
  return message.content;
}

/**
 * A judge backed by any OpenAI-compatible Chat Completions server, answering through
 * structured output (json_schema, strict). A server that rejects json_schema is asked once
 * for json_object instead, and the judge remembers that for its later calls.
 */
export function createOpenAIJudge(settings: OpenAIJudgeSettings, client: OpenAI = createOpenAIClient(settings)): Judge & AgentJudge {
  const id = openaiJudgeId(settings.model);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const errorContext = { judgeId: id, timeoutMs, secrets: [settings.apiKey] };
  let mode: OutputMode = "json_schema";

  async function complete(scale: CriterionScale, prompt: JudgePrompt, signal: AbortSignal): Promise<ChatCompletion> {
    const send = (format: OutputMode) => client.chat.completions.create(requestBody(settings, scale, prompt, format), { signal });
    if (mode === "json_object") return send("json_object");
    try {
      return await send("json_schema");
    } catch (error) {
      if (!rejectsJsonSchema(error)) throw error;
      mode = "json_object";
      return send("json_object");
    }
  }

  async function judge(scale: CriterionScale, prompt: JudgePrompt, signal?: AbortSignal): Promise<JudgeResult> {
    const started = performance.now();
    const completion = await withDeadline({ judgeId: id, timeoutMs, signal, mapError: (error) => mapOpenAIError(error, errorContext) }, (requestSignal) =>
      complete(scale, prompt, requestSignal),
    );
    const usage = usageOf(completion, Math.round(performance.now() - started));
    const output = parseJsonText(answerText(completion, id), id);
    return verdictToResult(output, { criterion: { scale }, judgeId: id, usage });
  }

  return {
    id,
    evaluate: (input: JudgeInput, signal?: AbortSignal) => judge(input.criterion.scale, buildJudgePrompt(input), signal),
    evaluateTranscript: (input: AgentJudgeInput, signal?: AbortSignal) => judge(input.criterion.scale, buildAgentPrompt(input), signal),
  };
}
