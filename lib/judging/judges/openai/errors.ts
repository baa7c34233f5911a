import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from "openai";
import { JudgeError } from "@/lib/judging/judges/llm/errors";
import { errorFromHttpFailure, networkError } from "@/lib/judging/judges/llm/http-errors";
import { summarizeServerText } from "@/lib/judging/judges/llm/redact";

interface ErrorContext {
  judgeId: string;
  timeoutMs: number;
  secrets: readonly (string | undefined)[];
}

function bodyMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (body && typeof body.message === "string") return body.message;
  // The SDK prefixes the status ("400 …"); the JudgeError message already states it.
  return error.message.replace(/^\d{3}\s+/, "");
}

/** Maps what the OpenAI SDK throws to a JudgeError; anything else is returned unchanged. */
export function mapOpenAIError(error: unknown, context: ErrorContext): unknown {
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
    return errorFromHttpFailure({ status: error.status, headers: error.headers, serverMessage: bodyMessage(error), code: error.code, judgeId, secrets });
  }
  if (error instanceof OpenAIError) {
    return new JudgeError({ kind: "bad_request", message: summarizeServerText(error.message, secrets), judgeId });
  }
  return error;
}

/** A server that does not know `response_format: json_schema` says so with a 400 (or 422). */
export function rejectsJsonSchema(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return /response_format|json_schema|structured output|schema/i.test(`${error.message} ${error.param ?? ""}`);
}
