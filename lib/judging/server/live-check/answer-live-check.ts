import type { IncomingMessage, ServerResponse } from "node:http";
import { apiJudgeKind } from "@/lib/judging/api/api-judge";
import type { EvalEndpoint } from "@/lib/judging/api/evaluate-request";
import { serializeReply } from "@/lib/judging/api/http/answer-eval-bytes";
import { evalErrorReply, jsonBodyRefusal } from "@/lib/judging/api/http/error-response";
import { answerEvalRequest, EVAL_MAX_BODY_BYTES } from "@/lib/judging/api/http/handle-eval-request";
import type { SerializedReply } from "@/lib/judging/engine/checks-thread-protocol";
import { sharedChecksJudge } from "@/lib/judging/engine/checks-threads";
import { errorMessage } from "@/lib/judging/engine/errors";
import { readNodeBody, readNodeJsonBody } from "./node-request";

export interface LiveAnswer {
  reply: SerializedReply;
  /** The request body as received, when it was read whole. */
  body: Uint8Array | null;
}

// CALLBOARD_API_JUDGE is read on every request (as the route does), but parsed only when it changes.
let lastKind: { raw: string | undefined; checks: boolean } | null = null;
function checksJudgeAnswers(): boolean {
  const raw = process.env.CALLBOARD_API_JUDGE;
  if (lastKind && lastKind.raw === raw) return lastKind.checks;
  const chosen = apiJudgeKind(process.env);
  lastKind = { raw, checks: chosen.ok && chosen.kind === "checks" };
  return lastKind.checks;
}

/**
 * The answer to a live check whose credentials were accepted. With the built-in judge (the
 * default), the whole request (parsing, validation, import, judging) goes to the judging thread
 * as its bytes, and this event loop only reads and writes HTTP: posting the judge's input instead
 * cost a structured clone of the view, and the parsing and validation on this loop cost more than
 * the judging itself. With a network judge (openai, anthropic, composo), the route's own path,
 * here: the judge waits on the network, and the client going away aborts it.
 */
export async function answerLiveCheck(request: IncomingMessage, response: ServerResponse, endpoint: EvalEndpoint): Promise<LiveAnswer> {
  if (!checksJudgeAnswers()) {
    const aborter = new AbortController();
    response.once("close", () => {
      if (!response.writableFinished) aborter.abort();
    });
    const reply = await answerEvalRequest(() => readNodeJsonBody(request, EVAL_MAX_BODY_BYTES), endpoint, aborter.signal);
    return { reply: serializeReply(reply), body: null };
  }
  const body = await readNodeBody(request, EVAL_MAX_BODY_BYTES);
  if (!body.ok) return { reply: serializeReply(jsonBodyRefusal(body)), body: null };
  try {
    return { reply: await sharedChecksJudge().answerEvalRequest({ endpoint, body: body.bytes, maxBytes: EVAL_MAX_BODY_BYTES }), body: body.bytes };
  } catch (error) {
    // Past the judge's budget (its thread was replaced), or the thread died: what a failed judge gets on the route.
    return { reply: serializeReply(evalErrorReply(502, { error: `the checks judge failed: ${errorMessage(error)}` })), body: body.bytes };
  }
}
