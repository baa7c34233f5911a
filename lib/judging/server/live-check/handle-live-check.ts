import type { IncomingMessage, ServerResponse } from "node:http";
import { authorizeEvalToken } from "@/lib/accounts/server/eval-token";
import type { EvalEndpoint } from "@/lib/judging/api/evaluate-request";
import type { HeaderReader } from "@/lib/judging/api/http/api-key";
import { serializeReply } from "@/lib/judging/api/http/answer-eval-bytes";
import { evalErrorReply } from "@/lib/judging/api/http/error-response";
import { answerLiveCheck } from "./answer-live-check";
import type { OnAnswered } from "./on-answered";
import { writeReply } from "./write-reply";

export interface LiveCheck {
  endpoint: EvalEndpoint;
  token: string;
  headers: HeaderReader;
  onAnswered: OnAnswered;
}

/**
 * Answers one live check carrying an API token as the route handler would (the same guard, the
 * same reading and validation of the body, the same judge, the same answers), then calls
 * `onAnswered` once the answer is sent.
 */
export async function handleLiveCheck(request: IncomingMessage, response: ServerResponse, check: LiveCheck): Promise<void> {
  const receivedAt = Date.now();
  const allowed = await authorizeEvalToken(check.token);
  if (!allowed.ok) {
    // Unread, the body would be taken for the next request on this connection.
    request.resume();
    writeReply(response, serializeReply(allowed.reply));
    return;
  }
  const { reply, body } = await answerLiveCheck(request, response, check.endpoint);
  if (!body) request.resume();
  writeReply(response, reply, reply.status === 413 ? { connection: "close" } : {});
  response.once("finish", () => {
    const answered = { endpoint: check.endpoint, url: request.url ?? "", headers: check.headers, user: allowed.user, body, receivedAt };
    Promise.resolve()
      .then(() => check.onAnswered(answered, reply))
      .catch((error: unknown) => console.error("callboard live check: the onAnswered hook failed:", error));
  });
}

/** What a live check that failed unexpectedly answers (Next would have given a bare 500), in the API's error shape. */
export function internalError(response: ServerResponse, error: unknown): void {
  console.error("callboard live check:", error);
  if (response.headersSent) {
    response.destroy();
    return;
  }
  writeReply(response, serializeReply(evalErrorReply(500, { error: "the server failed to answer this evaluation; see its log" })));
}
