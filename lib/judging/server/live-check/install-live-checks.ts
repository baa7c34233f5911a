import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { evalToken } from "@/lib/accounts/server/eval-token";
import { serializeReply } from "@/lib/judging/api/http/answer-eval-bytes";
import { handleLiveCheck, internalError } from "./handle-live-check";
import { liveCheckEndpoint } from "./live-check-endpoint";
import { nodeHeaders } from "./node-request";
import { recordNothing, type OnAnswered } from "./on-answered";
import { writeReply } from "./write-reply";

const INSTALLED = Symbol.for("callboard.liveChecks");

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;

/**
 * Puts the live-check server in front of Next inside Next's own process: every HTTP server of
 * the process hands a POST to /api/v1/evals/reward or /binary that carries an API token to
 * handleLiveCheck, and everything else (other paths and methods, sessions, no credentials) to
 * Next, untouched.
 *
 * Why: these two endpoints are the guardrail an agent calls before each tool call, at a thousand
 * requests a second (issue 35). Through Next, a request cost ~2 ms of CPU before its handler ran
 * (routing, the Web Request and its body streams, the route module's wrapper), more than the whole
 * budget of a 2-core machine that also runs the client. Answered here, the same code (guard,
 * validation, judge, answers: all shared with the route handlers, which stay for sessions, `next
 * dev` and tests) runs without that layer (figures in docs/benchmarks.md, `npm run bench:guardrail`).
 *
 * Installed once per process by instrumentation.ts, whose register() Next awaits before serving;
 * the same way scripts/peer-address-hook.mjs reaches Next's requests (http.Server's emit).
 */
export function installLiveChecks(onAnswered: OnAnswered = recordNothing): void {
  const holder = globalThis as { [INSTALLED]?: true };
  if (holder[INSTALLED]) return;
  holder[INSTALLED] = true;
  const take = liveCheckListener(onAnswered);
  const emit = http.Server.prototype.emit as Emit;
  const patched: Emit = function emitWithLiveChecks(event, ...args) {
    if (event === "request" && take(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
    return emit.call(this, event, ...args);
  };
  http.Server.prototype.emit = patched as typeof http.Server.prototype.emit;
}

/** A request listener that answers live checks and returns true, or returns false and leaves the request alone. */
export function liveCheckListener(onAnswered: OnAnswered = recordNothing): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => takeLiveCheck(request, response, onAnswered);
}

function takeLiveCheck(request: IncomingMessage, response: ServerResponse, onAnswered: OnAnswered): boolean {
  const endpoint = liveCheckEndpoint(request.method, request.url);
  if (!endpoint) return false;
  const headers = nodeHeaders(request.headers);
  const credentials = evalToken(headers);
  if (!credentials.ok) {
    request.resume();
    writeReply(response, serializeReply(credentials.reply));
    return true;
  }
  // A browser session, or no credentials at all: the route handler knows sessions (and says what to send).
  if (!credentials.token) return false;
  handleLiveCheck(request, response, { endpoint, token: credentials.token, headers, onAnswered }).catch((error: unknown) => internalError(response, error));
  return true;
}
