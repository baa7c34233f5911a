import { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "@anthropic-ai/sdk";
import { JudgeError } from "@/lib/judging/judges/llm/errors";
import { errorFromHttpFailure, networkError } from "@/lib/judging/judges/llm/http-errors";
import { summarizeServerText } from "@/lib/judging/judges/llm/redact";

interface ErrorContext {
  judgeId: string;
  timeoutMs: number;
  secrets: readonly (string | undefined)[];
}

/** Maps what the Anthropic SDK throws to a JudgeError; anything else is returned unchanged. */
export function mapAnthropicError(error: unknown, context: ErrorContext): unknown {
  const { judgeId, secrets } = context;
  if (error instanceof APIConnectionTimeoutError) {
    return new JudgeError({ kind: "timeout", message: `no answer within ${context.timeoutMs} ms`, judgeId });
  }
  if (error instanceof APIUserAbortError) return networkError(judgeId, "the request was aborted", secrets);
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return networkError(judgeId, `${error.message}${cause}`, secrets);
  }
  if (error instanceof APIError && typeof error.status === "number") {
    return errorFromHttpFailure({
      status: error.status,
      headers: error.headers,
      // The SDK prefixes its message with the status; the JudgeError message already states it.
      serverMessage: error.apiMessage ?? error.message.replace(/^\d{3}\s+/, ""),
      code: error.type,
      judgeId,
      secrets,
    });
  }
  if (error instanceof AnthropicError) {
    return new JudgeError({ kind: "bad_request", message: summarizeServerText(error.message, secrets), judgeId });
  }
  return error;
}
