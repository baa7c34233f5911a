import type { Judge, JudgeInput, JudgeResult } from "@/lib/judging/judges/types";
import { trimEndMatching } from "@/lib/platform/text-trim";
import { DEFAULT_TIMEOUT_MS, withDeadline } from "@/lib/judging/judges/llm/deadline";
import { badOutputError, errorFromHttpFailure, networkError } from "@/lib/judging/judges/llm/http-errors";
import { composoMessages } from "./messages";
import { composoEndpoint, composoResult } from "./response";
import { COMPOSO_DEFAULT_BASE_URL, COMPOSO_JUDGE_ID, type ComposoJudgeSettings } from "./settings";

/** Composo's errors are FastAPI-shaped ({detail}) or {error}; fall back to the raw text. */
function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: unknown; message?: unknown };
    for (const candidate of [body.detail, body.error, body.message]) {
      if (typeof candidate === "string") return candidate;
      if (candidate && typeof candidate === "object") return JSON.stringify(candidate);
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  return text;
}

function fetchFailure(error: unknown, secrets: readonly string[]): unknown {
  // fetch rejects with a TypeError whose cause says what went wrong (ECONNREFUSED, ENOTFOUND…).
  if (error instanceof TypeError) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return networkError(COMPOSO_JUDGE_ID, `${error.message}${cause}`, secrets);
  }
  return error;
}

/**
 * A judge backed by the Composo evaluation API: /evals/reward for continuous criteria,
 * /evals/binary for pass/fail ones, with the transcript cut at the view (see composoMessages).
 */
export function createComposoJudge(settings: ComposoJudgeSettings): Judge {
  const baseURL = trimEndMatching(settings.baseURL ?? COMPOSO_DEFAULT_BASE_URL, /\//);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const secrets = [settings.apiKey];
  const judgeId = COMPOSO_JUDGE_ID;

  return {
    id: judgeId,
    async evaluate(input: JudgeInput, signal?: AbortSignal): Promise<JudgeResult> {
      const { criterion, content: view } = input;
      const body = { messages: composoMessages(view), tools: view.tools, evaluation_criteria: criterion.text };
      const started = performance.now();
      const text = await withDeadline({ judgeId, timeoutMs, signal, mapError: (error) => fetchFailure(error, secrets) }, async (requestSignal) => {
        const response = await fetch(`${baseURL}/api/v1/evals/${composoEndpoint(criterion)}`, {
          method: "POST",
          headers: { "API-Key": settings.apiKey, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(body),
          signal: requestSignal,
        });
        const answer = await response.text();
        if (!response.ok) throw errorFromHttpFailure({ status: response.status, headers: response.headers, serverMessage: serverMessage(answer), judgeId, secrets });
        return answer;
      });
      const usage = { latencyMs: Math.round(performance.now() - started) };
      let parsed: unknown;
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        throw badOutputError(judgeId, `the answer is not JSON: ${JSON.stringify(text.slice(0, 120))}`);
      }
      return composoResult(parsed, criterion, judgeId, usage);
    },
  };
}
