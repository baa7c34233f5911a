import type { EvalRequestInput, SerializedReply } from "@/lib/judging/engine/checks-thread-protocol";
import type { ConfiguredJudge } from "@/lib/judging/engine/judge-from-env";
import { evaluateRequest } from "../evaluate-request";
import { evalAnswerReply, jsonBodyRefusal, type EvalReply } from "./error-response";
import { parseJsonBody } from "./read-json-body";

export function serializeReply(reply: EvalReply): SerializedReply {
  return { status: reply.status, headers: reply.headers, text: JSON.stringify(reply.body) };
}

/**
 * An evaluation API request from its body's bytes to its answer's text, as the route handler
 * answers it (parseJsonBody, evaluateRequest), with no I/O: what a judging thread does with an
 * `eval-request` call (checks-thread.ts), with the checks judge it holds.
 */
export async function answerEvalBytes(input: EvalRequestInput, configured: ConfiguredJudge): Promise<SerializedReply> {
  const body = parseJsonBody(input.body, input.maxBytes);
  if (!body.ok) return serializeReply(jsonBodyRefusal(body));
  return serializeReply(evalAnswerReply(await evaluateRequest(body.value, input.endpoint, configured)));
}
