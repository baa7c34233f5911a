import type { CanonicalMessage } from "@/lib/transcripts/types";
import { HINDSIGHT_ONLY, type Check } from "../check";
import { analyseText, quote } from "../evidence";
import { isError, responseStatus } from "../response-status";
import { matchesNumber, numbersInText } from "../text/numbers";
import { STOPWORDS, tokens } from "../text/words";

const CLAIMS_SUCCESS = /\b(success(fully)?|done|completed?|booked|sent|created|scheduled|confirmed|here (is|are)|the result is)\b/i;
// Words by which an answer owns up to a problem ("it seems there is an issue with the payment method").
const ADMITS_FAILURE =
  /\b(unable|could ?n[o']t|can ?n[o']t|failed|errors?|no results?|not available|unavailable|sorry|apolog\w*|unfortunately|issues?|problems?|did ?n[o']t work|not (found|enough|possible|valid|allowed|permitted)|insufficient|invalid)\b/i;
// The answer says the tool itself failed. "No reservation matches", "none is available" report what
// the result held, and "I cannot process a refund" what the agent decided: only a model could tell
// whether those are right.
const SAYS_TOOL_FAILED =
  /\b(an? error|failed|did ?n[o']t work|(technical|system) (issue|problem|error)|(unable|could ?n[o']t|can ?n[o']t) (to )?(access|reach|connect( to)?|retrieve|load))\b/i;

// "If you believe this is an error", "let me know if you still see an error": a supposition, not a report.
const CONDITIONAL_CLAUSE = /\b(if|unless|in case)\b[^.,;:!?]*/gi;

/**
 * The first assistant message with text and no calls after the response (the answer built on it),
 * and the responses of calls made between the two: an answer after more calls may speak of them
 * instead. Text beside new calls ("Let me check the next reservation") narrates, it does not answer.
 */
function answerAfter(following: CanonicalMessage[], responseIndex: number, firstIndex: number): { text: string; laterResponses: string[] } | null {
  const laterResponses: string[] = [];
  for (let offset = Math.max(0, responseIndex - firstIndex + 1); offset < following.length; offset++) {
    const message = following[offset];
    if (message.role === "assistant" && message.content?.trim() && !message.tool_calls?.length) return { text: message.content, laterResponses };
    if (message.role === "tool") laterResponses.push(message.content ?? "");
  }
  return null;
}

/** Numbers and distinctive words of a result that an answer using it would repeat. */
function salient(content: string): { numbers: number[]; words: string[] } {
  const numbers = [...numbersInText(content)].filter((value) => Math.abs(value) > 1 && !Number.isInteger(Math.log10(Math.abs(value))));
  const words = [...new Set(tokens(content).filter((word) => word.length >= 4 && !STOPWORDS.has(word) && !/^\d/.test(word)))];
  return { numbers: numbers.slice(0, 40), words: words.slice(0, 60) };
}

export const ignoredResult: Check = {
  id: "ignored-result",
  title: "Ignored or contradicted result",
  severity: "minor",
  views: HINDSIGHT_ONLY,
  topics: ["use-of-results"],
  explanation:
    "The assistant's next answer should not contradict what the tool returned: it is flagged when it claims success after an error that no later call set right, or, when it follows this result with no other call in between, when it says the tool failed although it returned a result. An answer that repeats none of the result's numbers or distinctive words gets a note only: whether it used the result is a question of meaning.",
  run(context) {
    if (context.view.mode !== "hindsight") return [];
    const { response, following } = context.view;
    const after = answerAfter(following, response.index, context.call.messageIndex + 1);
    if (after === null) return [];
    const answer = after.text;
    const status = responseStatus(response.message.content);
    if (isError(status)) {
      // A later call that succeeded (the rejected one, set right) is what the success may be about.
      if (after.laterResponses.some((content) => responseStatus(content).kind === "ok")) return [];
      return CLAIMS_SUCCESS.test(answer) && !ADMITS_FAILURE.test(answer)
        ? [{ severity: "major", penalty: 0.6, message: "The answer claims success although the tool reported an error.", evidence: `error: ${status.evidence}; answer ${quote(answer)}` }]
        : [];
    }
    // After more calls, the answer sums them up: whether it uses this one result is not readable.
    if (after.laterResponses.length) return [];
    if (status.kind === "ok" && SAYS_TOOL_FAILED.test(answer.replace(CONDITIONAL_CLAUSE, "")) && !CLAIMS_SUCCESS.test(answer)) {
      return [{ severity: "major", penalty: 0.55, message: "The answer says the tool failed although it returned a result.", evidence: `result ${quote(response.message.content, 100)}; answer ${quote(answer)}` }];
    }
    if (status.kind !== "ok") return [];
    const { numbers, words } = salient(response.message.content);
    if (numbers.length + words.length < 2) return [];
    const used = analyseText(answer, "answer");
    const usesNumber = numbers.some((value) => matchesNumber(value, used.numbers) || [...used.numbers].some((said) => Math.abs(said - value) <= Math.abs(value) * 0.01));
    const usesWords = words.filter((word) => used.words.has(word)).length;
    if (usesNumber || usesWords >= Math.min(2, words.length)) return [];
    // Wording is no measure of use ("Transfer successful" -> "you are being transferred"): a note, not a verdict.
    return [{ severity: "info", penalty: 0, message: "The next answer repeats none of the result's numbers or distinctive words; whether it used the result needs an LLM judge.", evidence: `result ${quote(response.message.content, 100)}; answer ${quote(answer)}` }];
  },
};
