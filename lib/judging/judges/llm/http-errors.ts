import { JudgeError, type JudgeErrorKind } from "./errors";
import { summarizeServerText } from "./redact";
import { parseRetryAfter } from "./retry-after";

export interface HttpFailure {
  status: number;
  headers?: Headers | null;
  /** What the server said, unredacted; it is redacted here. */
  serverMessage?: string | null;
  /** A machine-readable code from the body (OpenAI `code`, Anthropic `error.type`), when there is one. */
  code?: string | null;
  judgeId: string;
  secrets: readonly (string | undefined | null)[];
}

function kindForStatus(status: number): JudgeErrorKind {
  if (status === 429) return "rate_limit";
  if (status === 401 || status === 402 || status === 403) return "auth";
  // 408 is the server giving up on us; 409 is a lock conflict OpenAI documents as transient.
  if (status === 408) return "timeout";
  if (status === 409 || status >= 500) return "server";
  return "bad_request";
}

const DESCRIPTION: Record<JudgeErrorKind, string> = {
  rate_limit: "rate limited",
  server: "server error",
  timeout: "timed out",
  bad_output: "unusable output",
  auth: "authentication or permission failed (check the API key and account)",
  bad_request: "request rejected",
  network: "could not reach the server",
};

/** Maps one HTTP error answer to a JudgeError with a redacted, one-line message. */
export function errorFromHttpFailure(failure: HttpFailure): JudgeError {
  const { status, headers, judgeId, secrets } = failure;
  const kind = kindForStatus(status);
  const retryAfterMs = parseRetryAfter(headers);
  const said = failure.serverMessage ? summarizeServerText(failure.serverMessage, secrets) : "";
  // A 429 for an exhausted quota will not clear by waiting; only billing fixes it.
  const quotaExhausted = status === 429 && (failure.code === "insufficient_quota" || /insufficient[_ ]quota|billing/i.test(said));
  const wait = retryAfterMs !== undefined ? `, retry after ${(retryAfterMs / 1000).toFixed(retryAfterMs % 1000 ? 1 : 0)} s` : "";
  const message = `${quotaExhausted ? "quota exhausted" : DESCRIPTION[kind]} (HTTP ${status}${wait})${said ? `: ${said}` : ""}`;
  return new JudgeError({
    kind,
    message,
    status,
    judgeId,
    ...(quotaExhausted ? { retryable: false } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

export function networkError(judgeId: string, detail: string, secrets: readonly (string | undefined | null)[]): JudgeError {
  return new JudgeError({ kind: "network", message: `${DESCRIPTION.network}: ${summarizeServerText(detail, secrets)}`, judgeId });
}

export function timeoutError(judgeId: string, timeoutMs: number): JudgeError {
  return new JudgeError({ kind: "timeout", message: `no answer within ${timeoutMs} ms`, judgeId });
}

export function badOutputError(judgeId: string, detail: string, options: { retryable?: boolean } = {}): JudgeError {
  return new JudgeError({ kind: "bad_output", message: `${DESCRIPTION.bad_output}: ${detail}`, judgeId, ...options });
}
